/**
 * Every screen kind by name, React-free, so the config checker (Node) can list
 * them without loading components. Must equal the keys of `SCREEN_KINDS`
 * (registry.ts) and the files of schemas/meta/screens/ — a unit test checks.
 */
export const SCREEN_KIND_NAMES = [
  'menu',
  'cardList',
  'detail',
  'treeSelect',
  'calendar',
  'form',
  'html',
  'resultTable',
  'status',
  'questionFlow',
] as const;

export type ScreenKindName = (typeof SCREEN_KIND_NAMES)[number];

/** Path of a kind's props JSON Schema, relative to the repository root. */
export function screenSchemaPath(kind: string): string {
  return `schemas/meta/screens/${kind}.json`;
}
