/** Import sheet: 审核人 (placeholder until built). */
import type { SheetSpec } from './types';

export const approversSheet: SheetSpec<never> = {
  kind: 'approvers',
  title: '审核人',
  templateName: '审核人导入模板',
  columns: [],
  parseRow: () => ({ problems: [{ row: 0, column: '', reason: '尚未支持' }] }),
  checkAll: async () => [],
  apply: async () => '',
};
