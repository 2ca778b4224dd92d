/** Import sheet: 套餐与项目 (placeholder until built). */
import type { SheetSpec } from './types';

export const packagesSheet: SheetSpec<never> = {
  kind: 'packages',
  title: '套餐与项目',
  templateName: '套餐导入模板',
  columns: [],
  parseRow: () => ({ problems: [{ row: 0, column: '', reason: '尚未支持' }] }),
  checkAll: async () => [],
  apply: async () => '',
};
