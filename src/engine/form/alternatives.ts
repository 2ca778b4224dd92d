/**
 * `oneOf` / `anyOf` of sets of fields (证件: 身份证 with its number, or 护照
 * with its number and country) as a choice on the phone. It works when every
 * alternative fixes one and the same property with `const` (the
 * discriminator, e.g. "kind": { "const": "passport" }): that property becomes
 * a choice labelled by the alternatives' titles, and each alternative's other
 * fields show while it is chosen — as a branch (schema-model.ts), so the
 * answer names the alternative and the app, the server and Ajv agree on which
 * one applies. Without such a property nothing in the answer says which
 * alternative was meant, and the checker refuses the schema.
 */
import { isScalar } from './choices';
import { flatten, keyPath, type Branch, type Flat, type PathSeg, type Problem, type Src } from './resolve';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export interface Alternatives {
  /** The discriminator's name. */
  name: string;
  /** Its schema on the phone: a choice of the alternatives (values and labels). */
  choice: Src;
  /** Whether every alternative requires it. */
  required: boolean;
  /** One branch per alternative. */
  branches: Branch[];
}

/** The fixed value of a property schema (`const`, or an `enum` of one), else undefined. */
function fixed(s: Json | undefined): string | number | boolean | undefined {
  if (!s) return undefined;
  if (isScalar(s.const)) return s.const;
  if (Array.isArray(s.enum) && s.enum.length === 1 && isScalar(s.enum[0])) return s.enum[0];
  return undefined;
}

/**
 * The object's alternatives as branches, null when it has none, or 'unreadable'
 * when no property tells them apart (then the checker refuses them).
 */
export function alternativesOf(flat: Flat, root: Json, problems: Problem[]): Alternatives | null | 'unreadable' {
  const key = Array.isArray(flat.s.oneOf) ? 'oneOf' : Array.isArray(flat.s.anyOf) ? 'anyOf' : null;
  if (!key) return null;
  const list = flat.s[key] as unknown[];
  if (!list.length || !list.every(isObj)) return 'unreadable';
  const at: PathSeg[] = keyPath(flat, key);
  const members = list.map((m, i) => ({ src: { s: m as Json, path: [...at, i] }, flat: flatten([{ s: m as Json, path: [...at, i] }], root, flat.refs, problems) }));
  const propOf = (f: Flat, n: string) => {
    const srcs = f.props.get(n);
    return srcs ? flatten(srcs, root, f.refs, []).s : undefined;
  };
  const names = [...members[0].flat.props.keys()];
  const name = names.find((n) => {
    const values = members.map((m) => fixed(propOf(m.flat, n)));
    return values.every((v) => v !== undefined) && new Set(values).size === values.length;
  });
  if (name === undefined) return 'unreadable';
  const values = members.map((m) => fixed(propOf(m.flat, name))!);
  const first = propOf(members[0].flat, name)!;
  const labels = members.map((m, i) => (m.flat.s.title as string | undefined) ?? (propOf(m.flat, name)!.title as string | undefined) ?? String(values[i]));
  const type = typeof values[0] === 'string' ? 'string' : typeof values[0] === 'boolean' ? 'boolean' : 'number';
  const choice: Src = {
    // Labelled by the alternatives' titles; itself by the property's own x-label or title written beside
    // oneOf (its keywords win), else 类型 (under the section's own title: 联系方式 → 类型 ○电话 ○邮箱).
    s: { type, title: (first['x-label'] as string | undefined) ?? '类型', enum: values, 'x-enumLabels': labels },
    path: members[0].flat.props.get(name)![0].path,
  };
  return {
    name,
    choice,
    required: members.every((m) => m.flat.required.includes(name)),
    branches: members.map((m, i) => ({ when: { equals: name, value: values[i] }, src: m.src })),
  };
}
