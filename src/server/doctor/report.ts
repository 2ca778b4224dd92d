/** The preflight's findings as text for a person: grouped by area, each with what it is and where to find it. */
import { AREA_TITLES, refuses, type Area, type Finding, type FindingKind } from './types';

const KIND: Record<FindingKind, string> = { missing: '缺少', demo: '演示值', malformed: '格式不对', mismatch: '不匹配', obsolete: '已废弃', note: '提示' };

function line(f: Finding): string[] {
  const mark = refuses(f) ? '✗' : '·';
  const out = [`  ${mark} ${f.setting}【${KIND[f.problem]}】${f.detail}`];
  if (f.what) out.push(`      是什么：${f.what}`);
  if (f.where) out.push(`      在哪里：${f.where}`);
  return out;
}

/** Every area, its findings (or “没有问题”), and the final line: all good, or how many problems. */
export function formatReport(findings: Finding[]): string {
  const lines: string[] = [];
  for (const area of Object.keys(AREA_TITLES) as Area[]) {
    const mine = findings.filter((f) => f.area === area);
    lines.push(`【${AREA_TITLES[area]}】`);
    if (!mine.some(refuses)) lines.push('  ✓ 没有问题');
    for (const f of [...mine.filter(refuses), ...mine.filter((x) => !refuses(x))]) lines.push(...line(f));
    lines.push('');
  }
  lines.push(summary(findings));
  return lines.join('\n');
}

export function summary(findings: Finding[]): string {
  const n = findings.filter(refuses).length;
  const notes = findings.length - n;
  const tail = notes ? `（另有 ${notes} 条提示）` : '';
  return n ? `结果：${n} 个问题，生产环境将拒绝启动${tail}。` : `结果：全部通过，可以按生产环境启动${tail}。`;
}

/** What a refused production start prints: the problems only (in the same words as npm run doctor). */
export function formatRefusal(findings: Finding[]): string {
  const bad = findings.filter(refuses);
  const lines = [`refusing to start in production: ${bad.length} setting problem(s) (npm run doctor lists them too; docs/deploy.md explains every setting)`];
  for (const f of bad) lines.push(...line(f));
  lines.push(summary(bad), '(set ALLOW_DEMO=1 to run the demo anyway)');
  return lines.join('\n');
}
