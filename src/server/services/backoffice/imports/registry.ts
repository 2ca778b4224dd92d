/** Every kind of sheet the back office imports, in the order the studio lists them. */
import type { SheetSpec } from './types';
import { packagesSheet } from './packages-sheet';
import { capacitySheet } from './capacity-sheet';
import { membersSheet } from './members-sheet';
import { approversSheet } from './approvers-sheet';

export const IMPORT_SHEETS: Array<SheetSpec<unknown>> = [packagesSheet, capacitySheet, membersSheet, approversSheet] as Array<SheetSpec<unknown>>;

export const importSheet = (kind: string) => IMPORT_SHEETS.find((s) => s.kind === kind);
