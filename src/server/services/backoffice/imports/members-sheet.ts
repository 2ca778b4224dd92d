/** Import sheet: 团体人员 (placeholder until built). */
import type { SheetSpec } from './types';

export const membersSheet: SheetSpec<never> = {
  kind: 'members',
  title: '团体人员',
  templateName: '团体人员导入模板',
  columns: [],
  parseRow: () => ({ problems: [{ row: 0, column: '', reason: '尚未支持' }] }),
  checkAll: async () => [],
  apply: async () => '',
};
