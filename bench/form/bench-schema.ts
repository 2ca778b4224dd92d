/**
 * The benchmark form: 130 fields cycling text, number, radio, picker, date,
 * textarea (the mix of the occupational questionnaire), the last one a text
 * field the benchmark types into. Pure; also used by the render-count unit test.
 */
const KINDS = ['text', 'number', 'radio', 'picker', 'date', 'textarea'] as const;

export function benchSchema(count = 130): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let i = 1; i <= count; i++) {
    const kind = i === count ? 'text' : KINDS[(i - 1) % KINDS.length];
    const label = `字段${i}`;
    const base = { title: label, 'x-widget': kind };
    switch (kind) {
      case 'text':
        properties[`f${i}`] = { ...base, type: 'string', maxLength: 60 };
        break;
      case 'number':
        properties[`f${i}`] = { ...base, type: 'number', minimum: 0, maximum: 999 };
        break;
      case 'radio':
        properties[`f${i}`] = { ...base, type: 'string', enum: ['有', '无', '不详'] };
        break;
      case 'picker':
        properties[`f${i}`] = { ...base, type: 'string', enum: ['初中', '高中', '大学', '研究生以上', '其他'] };
        break;
      case 'date':
        properties[`f${i}`] = { ...base, type: 'string', format: 'date' };
        break;
      case 'textarea':
        properties[`f${i}`] = { ...base, type: 'string', maxLength: 200 };
        break;
    }
  }
  return { $id: `bench://form-${count}`, type: 'object', properties, required: ['f1', 'f2'] };
}

/** rjsf's uiSchema for the same form: its default theme's nearest widgets. */
export function rjsfUiSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const ui: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
    const w = p['x-widget'];
    if (w === 'radio') ui[name] = { 'ui:widget': 'radio' };
    if (w === 'textarea') ui[name] = { 'ui:widget': 'textarea' };
  }
  return ui;
}
