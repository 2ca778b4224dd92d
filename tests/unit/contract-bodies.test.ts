/**
 * The request body types of src/contract/api (what client and server code is
 * written against) and the request schemas of schemas/api (what the server
 * enforces) describe the same bodies: same field names, same optional/required
 * split, same JSON types. A field added, renamed or retyped on one side only
 * fails here. Read with the TypeScript compiler, not by hand-kept lists.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CONTRACT_DIR = path.resolve('src/contract/api');
const CONTRACT = fs.readdirSync(CONTRACT_DIR).filter((f) => f.endsWith('.ts')).map((f) => path.join(CONTRACT_DIR, f));

/** Body type → the calls whose request schema it describes (default: the name without `Body`). */
const CALLS_OF: Record<string, string[]> = {
  GetTokenPasswordBody: ['GetToken'],
  GetTokenOpenidBody: ['GetToken'],
  UserOpenidBody: ['userOpenid'],
  OrderRefBody: ['PersonOrderPay', 'SyncOrderById', 'PersonOrderCancel', 'PersonOrderRefund', 'TeamOrderCancel'],
};
/** GetToken takes two shapes; its schema is their union, so only names and types are compared. */
const UNION_SCHEMAS = new Set(['GetToken']);

interface Field {
  optional: boolean;
  kinds: string[];
}

function jsonKinds(t: ts.Type, checker: ts.TypeChecker): string[] {
  const out = new Set<string>();
  const parts = t.isUnion() ? t.types : [t];
  for (const p of parts) {
    const f = p.getFlags();
    if (f & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) out.add('string');
    else if (f & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) out.add('number');
    else if (f & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) out.add('boolean');
    else if (f & ts.TypeFlags.Null) out.add('null');
    else if (f & ts.TypeFlags.Undefined) continue;
    else if (checker.isArrayType(p)) out.add('array');
    else if (f & ts.TypeFlags.Object) out.add('object');
    else out.add(checker.typeToString(p));
  }
  return [...out].sort();
}

function bodyTypes(): Record<string, Record<string, Field>> {
  const program = ts.createProgram(CONTRACT, { strict: true, target: ts.ScriptTarget.ES2022, noEmit: true });
  const checker = program.getTypeChecker();
  const out: Record<string, Record<string, Field>> = {};
  for (const file of CONTRACT) ts.forEachChild(program.getSourceFile(file)!, (node) => {
    if (!ts.isInterfaceDeclaration(node) || !/(Body|Req)$/.test(node.name.text)) return;
    const type = checker.getTypeAtLocation(node);
    const fields: Record<string, Field> = {};
    for (const prop of type.getProperties()) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      fields[prop.name] = {
        optional: (prop.getFlags() & ts.SymbolFlags.Optional) !== 0,
        kinds: jsonKinds(checker.getTypeOfSymbolAtLocation(prop, decl ?? node), checker),
      };
    }
    out[node.name.text] = fields;
  });
  return out;
}

interface ApiSchema {
  properties?: Record<string, { type?: string | string[] }>;
  required?: string[];
}

function schemaKinds(p: { type?: string | string[] }): string[] {
  const t = p.type === undefined ? [] : Array.isArray(p.type) ? p.type : [p.type];
  return [...new Set(t.map((k) => (k === 'integer' ? 'number' : k)))].sort();
}

const types = bodyTypes();
const cases = Object.entries(types).flatMap(([name, fields]) =>
  (CALLS_OF[name] ?? [name.replace(/(Body|Req)$/, '')]).map((call) => ({ name, call, fields })),
);

describe('request body types match schemas/api', () => {
  it('finds the body types and a schema for each', () => {
    expect(cases.length).toBeGreaterThanOrEqual(18);
    for (const c of cases) expect(fs.existsSync(`schemas/api/${c.call}.json`), `${c.name}: schemas/api/${c.call}.json`).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c.call, c] as const))('%s ↔ schemas/api/%s.json', (_n, _c, { name, call, fields }) => {
    const schema = JSON.parse(fs.readFileSync(`schemas/api/${call}.json`, 'utf8')) as ApiSchema;
    const props = schema.properties ?? {};
    const problems: string[] = [];
    for (const [f, field] of Object.entries(fields)) {
      const p = props[f];
      if (!p) {
        problems.push(`${f}: in ${name}, not in the schema`);
        continue;
      }
      const want = schemaKinds(p);
      const have = field.kinds.filter((k) => k !== 'null' || want.includes('null'));
      if (want.length && JSON.stringify(have) !== JSON.stringify(want.filter((k) => have.includes(k) || !UNION_SCHEMAS.has(call)))) {
        problems.push(`${f}: ${name} says ${have.join('|')}, the schema ${want.join('|')}`);
      }
      if (!UNION_SCHEMAS.has(call)) {
        const required = (schema.required ?? []).includes(f);
        if (required === field.optional) problems.push(`${f}: ${field.optional ? 'optional' : 'required'} in ${name}, ${required ? 'required' : 'optional'} in the schema`);
      }
    }
    if (!UNION_SCHEMAS.has(call)) {
      for (const f of Object.keys(props)) if (!(f in fields)) problems.push(`${f}: in the schema, not in ${name}`);
    }
    expect(problems).toEqual([]);
  });
});
