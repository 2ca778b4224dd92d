/** A small form using every widget, for screenshots and the signature smoke check (`?impl=demo`). */
export const demoSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', 'x-label': '姓名', maxLength: 6 },
    tel: { type: 'string', 'x-label': '手机号码', maxLength: 11, format: 'phone', errorMessage: { format: '手机号码格式错误' } },
    code: { type: 'string', 'x-label': '验证码', 'x-widget': 'code' },
    gender: { type: 'string', 'x-label': '性别', enum: ['男', '女'], default: '男' },
    age: { type: 'integer', 'x-label': '年龄' },
    edu: { type: 'string', 'x-label': '文化程度', enum: ['初中', '高中', '大学', '研究生以上', '其他'] },
    birth: { type: 'string', format: 'date', 'x-label': '出生日期', 'x-options': { default: '2000-01-01' } },
    category: { type: 'array', 'x-label': '体检类别', items: { enum: ['上岗前', '在岗期间', '离岗时'] } },
    note: { type: 'string', 'x-label': '备注', 'x-widget': 'textarea', maxLength: 100 },
    menstrual: {
      type: 'object',
      'x-label': '月经史',
      'x-visibleIf': "form.gender == '女'",
      properties: { firstAge: { type: 'number', 'x-label': '初潮年龄' } },
    },
    experiences: {
      type: 'array',
      'x-label': '工作经历',
      items: { type: 'object', properties: { company: { type: 'string', 'x-label': '工作单位' }, jobType: { type: 'string', 'x-label': '工种' } } },
    },
    sign: { type: 'string', 'x-label': '受检者签名', 'x-widget': 'signature' },
  },
  required: ['name', 'tel'],
  errorMessage: { required: { name: '请输入姓名', tel: '请输入手机号码' } },
};

/** `form.a == 'x'` / `!=` only: enough for the demo without the engine. */
export function demoEval(expr: string, form: Record<string, unknown>): boolean {
  const m = /^form\.([\w.]+)\s*(==|!=)\s*'([^']*)'$/.exec(expr.trim());
  if (!m) return true;
  let v: unknown = form;
  for (const k of m[1].split('.')) v = (v as Record<string, unknown> | undefined)?.[k];
  return m[2] === '==' ? v === m[3] : v !== m[3];
}
