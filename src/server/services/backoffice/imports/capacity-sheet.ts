/** Import sheet: 号源容量 (placeholder until built). */
import type { SheetSpec } from './types';

export const capacitySheet: SheetSpec<never> = {
  kind: 'capacity',
  title: '号源容量',
  templateName: '号源导入模板',
  columns: [],
  parseRow: () => ({ problems: [{ row: 0, column: '', reason: '尚未支持' }] }),
  checkAll: async () => [],
  apply: async () => '',
};
