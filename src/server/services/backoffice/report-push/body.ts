/**
 * The pushed report's body: its JSON Schema (schemas/api/ReportPush.json: shapes and sizes), then the rules
 * a schema cannot say (a real ID number and phone, a branch that exists, an
 * exam date not in the future, imaging links that name an imaging group, a PDF
 * that is one). The first problem is the answer: 400 with the field, e.g.
 * `groups[0].items[2].result`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { PACKAGE_SCHEMAS } from '../../../paths';
import type { Queryable } from '../../../db/types';
import { compileSchema, localizeZh } from '../../../../engine/schema/ajv';
import { checkIdCard } from '../../../../contract/rules/idcard';
import { checkPhone } from '../../../../contract/rules/phone';
import { centreDay } from '../../../../contract/rules/centre-day';
import { REPORT_PUSH_PDF_MAX_BYTES, type ReportPushBody } from '../../../../contract/api/report-push';
import { PushFailure } from './errors';

/** schemas/api/<name>.json (the same files the contract test keeps equal to contract/api/report-push.ts). */
export function apiSchema(name: 'ReportPush' | 'ReportClientCreate'): object {
  return JSON.parse(fs.readFileSync(path.join(PACKAGE_SCHEMAS, 'api', `${name}.json`), 'utf8')) as object;
}
let pushSchema: object | undefined;

/** '/groups/0/items/2/name' → 'groups[0].items[2].name'. */
export function fieldOf(pointer: string, child?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child) parts.push(child);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

function refusalOf(e: ErrorObject): PushFailure {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'required') return new PushFailure('INVALID_BODY', `缺少必填字段 ${fieldOf(e.instancePath, String(p.missingProperty))}`, fieldOf(e.instancePath, String(p.missingProperty)));
  if (e.keyword === 'additionalProperties') return new PushFailure('INVALID_BODY', `未知字段 ${fieldOf(e.instancePath, String(p.additionalProperty))}`, fieldOf(e.instancePath, String(p.additionalProperty)));
  const field = fieldOf(e.instancePath) || '(body)';
  const why: Record<string, () => string> = {
    type: () => `应为${p.type === 'string' ? '文本' : p.type === 'array' ? '数组' : p.type === 'object' ? '对象' : String(p.type)}`,
    minLength: () => (p.limit === 1 ? '不能为空' : `至少 ${String(p.limit)} 个字符`),
    maxLength: () => `最多 ${String(p.limit)} 个字符`,
    minItems: () => `至少 ${String(p.limit)} 项`,
    maxItems: () => `最多 ${String(p.limit)} 项`,
    enum: () => `只能是 ${(p.allowedValues as unknown[]).join(' / ')}`,
    pattern: () =>
      field === 'reportNo' ? '只能是 1–40 位字母、数字、- 或 _' : field === 'examDate' ? '应为 YYYY-MM-DD' : field.endsWith('.url') ? '应为 http:// 或 https:// 链接' : '格式错误',
  };
  const msg = why[e.keyword]?.() ?? localizeZh([e])[0]?.message ?? '格式错误';
  return new PushFailure('INVALID_BODY', `${field}：${msg}`, field);
}

function fail(field: string, msg: string): never {
  throw new PushFailure('INVALID_BODY', `${field}：${msg}`, field);
}

export interface CheckedPush {
  body: ReportPushBody;
  /** The decoded PDF, when one came. */
  pdf: Buffer | null;
}

/** Parses and checks a body; throws PushFailure (400) with the first problem. */
export async function checkPushBody(db: Queryable, raw: Buffer, now: number): Promise<CheckedPush> {
  let data: unknown;
  try {
    data = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new PushFailure('INVALID_JSON', '请求体不是合法的 JSON');
  }
  const validate = compileSchema<ReportPushBody>((pushSchema ??= apiSchema('ReportPush')));
  if (!validate(data)) throw refusalOf(validate.errors![0]);
  const b = data;
  const today = centreDay(now);
  const idMsg = checkIdCard(b.person.idCard.toUpperCase(), today);
  if (idMsg) fail('person.idCard', idMsg);
  const telMsg = checkPhone(b.person.phone);
  if (telMsg) fail('person.phone', telMsg);
  const d = new Date(`${b.examDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== b.examDate) fail('examDate', '不是有效日期');
  if (b.examDate > today) fail('examDate', `不能晚于今天（${today}）`);
  if (!(await db.one(`SELECT hosp_code FROM branches WHERE hosp_code = $1`, [b.hospCode]))) fail('hospCode', '院区不存在');
  const imagingGroups = new Set(b.groups.filter((g) => g.category === 'imaging').map((g) => g.name));
  const linked = new Set<string>();
  for (const [i, img] of (b.imaging ?? []).entries()) {
    if (!imagingGroups.has(img.name)) fail(`imaging[${i}].name`, '没有同名的影像分组（category 为 imaging 的 groups[].name）');
    if (linked.has(img.name)) fail(`imaging[${i}].name`, '同一影像分组只能有一个链接');
    linked.add(img.name);
  }
  return { body: b, pdf: b.pdfBase64 === undefined ? null : decodePdf(b.pdfBase64) };
}

function decodePdf(b64: string): Buffer {
  const clean = b64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.length % 4 !== 0) throw new PushFailure('INVALID_PDF', 'pdfBase64：不是合法的 base64', 'pdfBase64');
  const pdf = Buffer.from(clean, 'base64');
  if (pdf.length > REPORT_PUSH_PDF_MAX_BYTES) throw new PushFailure('TOO_LARGE', `pdfBase64：PDF 超过 ${REPORT_PUSH_PDF_MAX_BYTES / 1024 / 1024} MB`, 'pdfBase64');
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new PushFailure('INVALID_PDF', 'pdfBase64：内容不是 PDF 文件（应以 %PDF- 开头）', 'pdfBase64');
  return pdf;
}
