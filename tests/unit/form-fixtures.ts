/** Schemas shared by the form-*.test files (order form and occupational list, spec texts). */
export const orderFormSchema = {
  $id: 'test://order-form',
  type: 'object',
  'x-checkOrder': ['phone', 'idcard'],
  properties: {
    kind: { type: 'string', 'x-widget': 'display', 'x-label': '类型', 'x-hidden': 'keep' },
    name: { type: 'string', 'x-label': '姓名', 'x-placeholder': '请输入姓名', maxLength: 6 },
    idcard: { type: 'string', 'x-label': '身份证号', maxLength: 18, idcardMsg: true },
    phone: {
      type: 'string',
      'x-label': '手机号码',
      maxLength: 11,
      format: 'phone',
      errorMessage: { format: '手机号码格式错误' },
    },
    certType: {
      type: 'string',
      'x-label': '健康证类型',
      'x-visibleIf': "form.kind == 'hc'",
      oneOf: [
        { const: 'T', title: '食品类' },
        { const: 'P', title: '非食品类' },
        { const: 'S', title: '服务类' },
        { const: 'O', title: '其他' },
      ],
    },
    job: {
      type: 'string',
      'x-label': '职业',
      'x-widget': 'picker',
      'x-visibleIf': "form.kind == 'hc'",
      enum: ['01', '02', '90'],
      'x-enumLabels': ['厨师', '餐饮', '其他'],
    },
  },
  required: ['name', 'idcard', 'phone', 'certType', 'job'],
  errorMessage: {
    required: {
      name: '请输入姓名',
      idcard: '请输入身份证件号码',
      phone: '请输入手机号码',
      certType: '请输入健康证类型',
      job: '请输入职业',
    },
  },
} as const;

export const workListSchema = {
  type: 'object',
  properties: {
    gender: { type: 'string', 'x-label': '性别', enum: ['男', '女'], default: '男' },
    experiences: {
      type: 'array',
      'x-label': '工作经历',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          company: { type: 'string', 'x-label': '工作单位' },
          workshop: { type: 'string', 'x-label': '车间' },
        },
      },
    },
    menstrual: {
      type: 'object',
      'x-label': '月经史',
      'x-visibleIf': "form.gender == '女'",
      properties: { firstAge: { type: 'number', 'x-label': '初潮年龄' } },
    },
  },
} as const;

/** A tiny stand-in for the engine's evaluator: `form.a.b == 'x'` / `!=` only. */
export function fakeEval(expr: string, form: Record<string, unknown>): boolean {
  const m = /^form\.([\w.]+)\s*(==|!=)\s*'([^']*)'$/.exec(expr.trim());
  if (!m) throw new Error(`fakeEval cannot read ${expr}`);
  let v: unknown = form;
  for (const k of m[1].split('.')) v = (v as Record<string, unknown> | undefined)?.[k];
  return m[2] === '==' ? v === m[3] : v !== m[3];
}
