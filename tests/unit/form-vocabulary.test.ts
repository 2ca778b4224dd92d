/**
 * Ordinary JSON Schema, as others write it (tests/fixtures/schema-vocabulary),
 * through the form model: what the phone shows, the values it starts with and
 * sends, and the first message — with Ajv (the server's validator) deciding.
 * The rule under test: every field a schema asks for is shown, and every
 * message names a field the person can fill.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFormModel, walkFields, type FieldNode } from '../../src/engine/form/schema-model';
import { cleanValues, initialValues, type Values } from '../../src/engine/form/values';
import { validateValues } from '../../src/engine/form/validate';
import { formatDisplay } from '../../src/engine/form/display';
import { compileSchema } from '../../src/engine/schema/ajv';
import { compileExpr, createFunctionRegistry } from '../../src/engine/expr';

const dir = join(import.meta.dirname, '../fixtures/schema-vocabulary');
const load = (name: string) => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Record<string, unknown>;
const fns = createFunctionRegistry({});
/** The app's evaluator (the server's form-rules use the same). */
const evalCondition = (expr: string, form: Values) => !!compileExpr(expr).evaluate({ form }, fns);

function model(name: string): FieldNode {
  return buildFormModel(load(name));
}

/** Every node by absolute path (list entries under `list[]`). */
function nodes(root: FieldNode): Record<string, FieldNode> {
  const out: Record<string, FieldNode> = {};
  const walk = (n: FieldNode, base: string) => {
    for (const c of n.children ?? n.item ?? []) {
      const p = base ? `${base}.${c.name}` : c.name;
      out[p] = c;
      walk(c, n.item ? `${base}[]` : p);
    }
    if (n.each) out[`${base}[]`] = n.each;
  };
  walk(root, '');
  return out;
}

/** What the form sends for `raw` (defaults under it, hidden fields cleared) and the first message. */
function submit(schema: Record<string, unknown>, raw: Values): { values: Values; first: string | null; visible: string[] } {
  const root = buildFormModel(schema);
  const { values, hidden } = cleanValues(root, initialValues(root, raw), evalCondition);
  const first = validateValues(root, values, hidden, compileSchema(schema)).first;
  const visible: string[] = [];
  walkFields(root, (n) => {
    if (n.path && !hidden.includes(n.path)) visible.push(n.path);
  });
  return { values, first, visible };
}

describe('choices are choices, with their labels', () => {
  it('a plain enum is a radio (≤ 4) or a picker, numbers and untyped too', () => {
    const n = nodes(model('enum-plain'));
    expect([n.sex.widget, n.blood.widget, n.level.widget, n.untyped.widget]).toEqual(['radio', 'picker', 'radio', 'radio']);
    expect(n.level.choices?.map((c) => c.value)).toEqual([0, 1, 2, 3]);
    expect(submit(load('enum-plain'), { sex: '女' }).first).toBe('请填写血型');
  });

  it('oneOf and anyOf of const+title: the titles are the labels, the consts the values', () => {
    const n = nodes(model('enum-titles'));
    expect(n.payment.choices).toEqual([{ value: 'self', label: '自费' }, { value: 'insurance', label: '医保' }, { value: 'company', label: '单位支付' }]);
    expect(n.visit.widget).toBe('radio');
    expect(n.visit.choices?.map((c) => c.label)).toEqual(['一次', '两次', '三次及以上']);
    expect(submit(load('enum-titles'), { payment: 'insurance', visit: 2 }).first).toBeNull();
    expect(formatDisplay(n.payment, 'insurance')).toBe('医保');
  });

  it('options written as { enum: [value], title } (through a $ref) are the same choice', () => {
    const n = nodes(model('enum-single-options'));
    expect(n.campus).toMatchObject({ widget: 'radio', label: '体检院区', choices: [{ value: 'east', label: '东院' }, { value: 'west', label: '西院' }] });
    expect(n.also).toMatchObject({ widget: 'checkboxes', choices: [{ value: 'east', label: '东院' }, { value: 'west', label: '西院' }] });
    expect(submit(load('enum-single-options'), {}).first).toBe('请填写体检院区');
    expect(submit(load('enum-single-options'), { campus: 'west', also: ['east'] }).first).toBeNull();
  });

  it('an array of enum items (uniqueItems) is checkboxes, with oneOf titles too', () => {
    const n = nodes(model('multi-choice'));
    expect([n.symptoms.widget, n.allergies.widget]).toEqual(['checkboxes', 'checkboxes']);
    expect(n.allergies.choices?.map((c) => c.label)).toEqual(['青霉素', '磺胺', '无']);
    expect(submit(load('multi-choice'), {}).first).toBe('症状不应少于 1 个项');
    expect(submit(load('multi-choice'), { symptoms: ['咳嗽'], allergies: ['pen'] }).first).toBeNull();
  });

  it('a boolean is 是/否, or its oneOf titles; a boolean const stays a choice', () => {
    const n = nodes(model('boolean'));
    expect(n.fasting.choices?.map((c) => c.label)).toEqual(['是', '否']);
    expect(n.consent.choices?.map((c) => c.label)).toEqual(['同意', '不同意']);
    expect(submit(load('boolean'), {}).values).toEqual({ fasting: false });
    const c = nodes(model('const'));
    expect(c.agree.readOnly).toBeUndefined();
    expect(submit(load('const'), { agree: false }).first).toBe('同意只能是“是”');
  });
});

describe('an exclusive option and a consent box', () => {
  it('x-exclusive: 以上都没有 ticked with another is refused by the client and the server alike, by its label', () => {
    const s = load('exclusive-option');
    expect(submit(s, {}).first).toBe('请选择既往病史（没有请选「以上都没有」）');
    expect(submit(s, { history: ['hbp', 'dm'] }).first).toBeNull();
    expect(submit(s, { history: ['none'] }).first).toBeNull();
    expect(submit(s, { history: ['hbp', 'none'] }).first).toBe('选了「以上都没有」就不能再选其他项');
    // The server's own check (no form model in between): Ajv with the same keyword.
    const validate = compileSchema(s);
    expect(validate({ history: ['hbp', 'none'] })).toBe(false);
    expect(validate({ history: ['none'] })).toBe(true);
  });

  it('a single consent box: one option, minItems 1, its own message', () => {
    const s = load('consent');
    expect(nodes(model('consent')).agree.widget).toBe('checkboxes');
    expect(submit(s, {}).first).toBe('请先阅读并勾选同意');
    expect(submit(s, { agree: ['我已阅读并同意'] })).toMatchObject({ first: null, values: { agree: ['我已阅读并同意'] } });
  });
});

describe('lists', () => {
  it('strings and numbers: minItems entries to start, empty ones not sent, maxItems kept', () => {
    const root = model('array-strings');
    const n = nodes(root);
    expect(n.medicines.widget).toBe('list');
    expect(n['medicines[]']).toMatchObject({ widget: 'text', label: '药名' });
    expect(n['temperatures[]'].widget).toBe('number');
    expect(initialValues(root, {})).toEqual({ medicines: [undefined], temperatures: [] });
    const s = load('array-strings');
    expect(submit(s, {}).first).toBe('正在服用的药物不应少于 1 个项');
    expect(submit(s, { medicines: ['阿司匹林', ''] }).values).toEqual({ medicines: ['阿司匹林'], temperatures: [] });
    expect(submit(s, { medicines: ['阿司匹林'], temperatures: [36.5, 45] }).first).toBe('体温应当为 <= 43');
    expect(submit(s, { medicines: ['阿司匹林'], temperatures: [36.5] }).first).toBeNull();
  });

  it('objects: an optional list starts empty, so its entries’ required fields are asked only of an added entry', () => {
    const s = load('array-objects-optional');
    expect(initialValues(model('array-objects-optional'), {})).toEqual({ surgeries: [] });
    expect(submit(s, {}).first).toBeNull();
    expect(submit(s, { surgeries: [{ name: '阑尾切除' }] }).first).toBe('请填写年份');
  });

  it('nested: an optional section left blank is not sent (its required city is not asked); a minItems list is', () => {
    const s = load('nested');
    expect(submit(s, { name: '某公司' }).first).toBe('请填写姓名');
    expect(submit(s, { name: '某公司', contacts: [{ name: '张三' }] })).toMatchObject({ first: null, values: { name: '某公司', contacts: [{ name: '张三' }] } });
    expect(submit(s, { name: '某公司', address: { street: '解放路' }, contacts: [{ name: '张三' }] }).first).toBe('请填写城市');
  });
});

describe('$ref, allOf, conditions', () => {
  it('local $ref: a definition is drawn where it is used, the title beside the $ref wins', () => {
    const n = nodes(model('refs'));
    expect(n.home).toMatchObject({ label: '家庭地址', required: true, widget: 'section' });
    expect(n.work.label).toBe('地址');
    expect(n['home.city'].required).toBe(true);
    expect(n.smoker).toMatchObject({ label: '是否吸烟', widget: 'radio' });
    expect(nodes(model('refs-defs')).mobile.label).toBe('手机');
    expect(submit(load('refs'), { home: { city: '杭州' } }).first).toBeNull();
  });

  it('allOf: the members’ fields are one form', () => {
    const n = nodes(model('allof'));
    expect(Object.keys(n)).toEqual(['name', 'phone', 'company']);
    expect(n.name.required).toBe(true);
    expect(n.company.schema.maxLength).toBe(20);
    expect(submit(load('allof'), {}).first).toBe('请填写姓名');
  });

  it('if/then/else: a field a branch adds shows exactly when Ajv applies the branch', () => {
    const s = load('if-then-else');
    // Unanswered, the `if` holds (Ajv: a property condition on a missing value holds).
    expect(submit(s, {}).visible).toEqual(['smoker', 'perDay']);
    expect(submit(s, { smoker: '否' }).visible).toEqual(['smoker', 'quitYears']);
    expect(submit(s, { smoker: '否', perDay: 5 })).toMatchObject({ first: null, values: { smoker: '否' } });
    expect(submit(s, { smoker: '是' })).toMatchObject({ first: '请填写每天几支', visible: ['smoker', 'perDay'] });
    expect(submit(s, { smoker: '是', perDay: 5 }).first).toBeNull();
    // Required by the branch that adds it: marked required while shown; the else field is not.
    expect([nodes(model('if-then-else')).perDay.required, nodes(model('if-then-else')).quitYears.required]).toEqual([true, false]);
  });

  it('if/then requiring a field shown by x-visibleIf (the health questionnaire’s way) still works', () => {
    const s = load('if-then-required');
    expect(submit(s, { surgery: '有' }).first).toBe('请填写手术名称');
    expect(submit(s, { surgery: '无' }).first).toBeNull();
  });

  it('dependencies: a field it adds shows once its property has a value; the list form asks a shown field', () => {
    const s = load('dependencies-schema');
    expect(submit(s, {}).visible).toEqual(['pregnant']);
    expect(submit(s, { pregnant: '是' })).toMatchObject({ first: '请填写孕周', visible: ['pregnant', 'weeks'] });
    expect(submit(load('dependencies-property'), { card: '123' }).first).toBe('请填写参保城市');
    expect(submit(load('dependencies-property'), {}).first).toBeNull();
  });
});

describe('a dependency’s alternatives told apart by the field it depends on', () => {
  it('each alternative’s fields show while that field has its value; only its own are asked', () => {
    const s = load('dependencies-alternatives');
    expect(submit(s, {})).toMatchObject({ first: null, visible: ['allergy'], values: { allergy: '无' } });
    expect(submit(s, { allergy: '有：一种' })).toMatchObject({ first: '请填写过敏原', visible: ['allergy', 'allergen'] });
    expect(submit(s, { allergy: '有：多种' })).toMatchObject({ first: '过敏原（每行一种）不应少于 2 个项', visible: ['allergy', 'allergens'] });
    expect(submit(s, { allergy: '有：多种', allergens: ['花粉', '青霉素'], allergen: '花粉' })).toMatchObject({ first: null, values: { allergy: '有：多种', allergens: ['花粉', '青霉素'] } });
  });
});

describe('oneOf / anyOf alternatives told apart by a const', () => {
  it('the alternatives are a choice labelled by their titles; each one’s fields show while it is chosen', () => {
    const n = nodes(model('oneof-discriminated'));
    expect(n.kind).toMatchObject({ widget: 'radio', label: '证件类型', required: true });
    expect(n.kind.choices).toEqual([{ value: 'id', label: '身份证' }, { value: 'passport', label: '护照' }]);
    const s = load('oneof-discriminated');
    expect(submit(s, {})).toMatchObject({ first: '请填写证件类型', visible: ['kind'] });
    expect(submit(s, { kind: 'passport', idcard: '110' })).toMatchObject({ first: '请填写护照号', visible: ['kind', 'passport', 'country'], values: { kind: 'passport' } });
    expect(submit(s, { kind: 'id' })).toMatchObject({ first: '请填写身份证号', visible: ['kind', 'idcard'] });
    expect(submit(s, { kind: 'id', idcard: '110', passport: 'E1' })).toMatchObject({ first: null, values: { kind: 'id', idcard: '110' } });
  });

  it('the server, which sees no visibility, names only the chosen alternative’s fields too', () => {
    const s = load('oneof-discriminated');
    const root = buildFormModel(s);
    const server = (v: Values) => validateValues(root, v, [], compileSchema(s)).first;
    expect(server({ kind: 'id' })).toBe('请填写身份证号');
    expect(server({ kind: 'passport', passport: 'E1' })).toBe('请填写国籍');
    expect(server({})).toBe('请填写证件类型');
  });

  it('in a property, with the discriminator only inside the alternatives (anyOf)', () => {
    const n = nodes(model('anyof-discriminated'));
    expect(n['contact.via']).toMatchObject({ label: '类型', required: true });
    expect(n['contact.via'].choices?.map((c) => c.label)).toEqual(['电话', '邮箱']);
    const s = load('anyof-discriminated');
    expect(submit(s, {}).first).toBe('请填写类型');
    expect(submit(s, { contact: { via: 'email', email: 'x' } }).first).toBe('邮箱应当匹配格式 "email"');
    expect(submit(s, { contact: { via: 'phone', phone: '138' } })).toMatchObject({ first: null, values: { contact: { via: 'phone', phone: '138' } } });
    const root = buildFormModel(s);
    expect(validateValues(root, { contact: { via: 'email' } }, [], compileSchema(s)).first).toBe('请填写邮箱');
  });
});

describe('values, formats and what is only shown', () => {
  it('nested defaults: a section’s default, a list’s default entries with their fields’ defaults', () => {
    expect(initialValues(model('defaults-nested'), {})).toEqual({
      prefs: { time: '上午', notify: true },
      family: [{ name: '张三', relation: '配偶' }],
      tags: ['VIP'],
    });
    expect(initialValues(model('defaults-nested'), { prefs: { time: '下午' } }).prefs).toEqual({ time: '下午', notify: undefined });
  });

  it('readOnly and a fixed const are shown, not edited, and sent as they are', () => {
    const r = nodes(model('readonly'));
    expect(r.regno.readOnly).toBe(true);
    expect(submit(load('readonly'), { name: '张三' }).values).toEqual({ regno: 'T2024001', name: '张三' });
    const c = nodes(model('const'));
    expect(c.version.readOnly).toBe(true);
    expect(submit(load('const'), { agree: true })).toMatchObject({ first: null, values: { version: 'v2', agree: true } });
  });

  it('examples give the placeholder; a writeOnly value is never shown back', () => {
    const n = nodes(model('simple'));
    expect(n.telephone.placeholder).toBe('例如：13800000000');
    expect(formatDisplay(n.password, 'secret1')).toBe('******');
    expect(submit(load('simple'), { lastName: '王' }).values).toEqual({ firstName: '小明', lastName: '王' });
  });

  it('type null is a line of text; description is on every node that has one', () => {
    const n = nodes(model('null-field'));
    expect(n.notice).toMatchObject({ widget: 'display', type: 'null', description: '检查前一天晚上 8 点后禁食。' });
    expect(submit(load('null-field'), { agree: true }).first).toBeNull();
    const root = model('descriptions');
    expect(root.description).toBe('本问卷约需 3 分钟。');
    expect(nodes(root).sleep.description).toBe('最近一个月');
    expect(nodes(root)['sleep.hours'].description).toBe('平均值，可写小数');
  });

  it('date, date-time and time: the date widget, values Ajv accepts, read back without seconds', () => {
    const n = nodes(model('formats'));
    expect([n.day.widget, n.at.widget, n.arrive.widget, n.email.widget]).toEqual(['date', 'date', 'date', 'text']);
    const s = load('formats');
    expect(submit(s, { day: '2024-05-01' }).first).toBe('请填写预约时间');
    expect(submit(s, { day: '2024-05-01', at: '2024-05-01T08:30:00+08:00', arrive: '08:30:00+08:00' }).first).toBeNull();
    expect(formatDisplay(n.at, '2024-05-01T08:30:00+08:00')).toBe('2024-05-01 08:30');
    expect(formatDisplay(n.arrive, '08:30:00+08:00')).toBe('08:30');
  });

  it('no type but properties is an object (the root, a section, a list entry), as Ajv and form libraries read it', () => {
    const n = nodes(model('untyped-objects'));
    expect(n.contact).toMatchObject({ type: 'object', widget: 'section' });
    expect(n['contact.name']).toMatchObject({ widget: 'text', required: true });
    expect(n.others).toMatchObject({ widget: 'list' });
    expect(n['others.name']).toMatchObject({ widget: 'text' });
    expect(submit(load('untyped-objects'), {}).first).toBe('请填写姓名');
    expect(submit(load('untyped-objects'), { contact: { name: '王芳' }, others: [{ name: '李雷' }] }).first).toBeNull();
  });

  it('numbers: a negative integer within the range, nullable types', () => {
    expect(submit(load('numbers'), { temp: -50 }).first).toBeNull();
    expect(submit(load('numbers'), { temp: -51 }).first).toBe('室温应当为 >= -50');
    const n = nodes(model('nullable'));
    expect([n.nick.widget, n.count.widget]).toEqual(['text', 'number']);
    expect(submit(load('nullable'), {}).first).toBeNull();
  });
});
