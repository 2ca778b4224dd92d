/**
 * Bulk rules: "周一至周五 07:30-09:30 40 个、09:30-11:30 30 个；周六 20 个" over a
 * date range. Every date of the range whose weekday is in a group gets that
 * group's slots, replacing its own (write-day.ts); other dates are untouched; a
 * closed day gets the slots and stays closed. The preview says which days and
 * what apply would refuse; apply writes all days in one transaction or none
 * (every offending day and slot listed), with one audit entry for the rule.
 */
import type { Db, Queryable } from '../../../db/types';
import type {
  CapacityDay,
  CapacityProblem,
  CapacityRule,
  CapacityRuleApplyRes,
  CapacityRulePreviewDay,
  CapacityRulePreviewRes,
  CapacityScopeInfo,
} from '../../../../contract/api/backoffice/capacity';
import { normalizeSlotName, ruleDates, ruleProblems, weekdaysLabel } from '../../../../contract/rules/capacity-rules';
import { centreDay } from '../../../../contract/rules/centre-day';
import { StudioFailure } from '../../studio/live-sync';
import { recordAudit } from '../../studio/audit';
import { readDays } from './read';
import { CapacityRefused } from './refusal';
import { scopeInfo } from './scopes';
import { planDay, predictedProblems, writeDay } from './write-day';

interface CheckedRule {
  info: CapacityScopeInfo;
  rule: CapacityRule;
  dates: Array<{ day: string; group: number }>;
}

async function checkRule(db: Queryable, raw: unknown, now: number): Promise<CheckedRule> {
  const rule = (raw ?? {}) as CapacityRule;
  if (typeof rule !== 'object') throw new StudioFailure(400, '请求格式错误');
  const info = await scopeInfo(db, rule.scope);
  const problems = ruleProblems(rule, centreDay(now));
  if (problems.length) throw new StudioFailure(400, problems.join('；'));
  // Only what the rule says, written the one way (the audit entry keeps it as applied).
  const clean: CapacityRule = {
    scope: info.scope,
    from: rule.from,
    to: rule.to,
    groups: rule.groups.map((g) => ({
      weekdays: [...new Set(g.weekdays)].sort(),
      slots: g.slots.map((s) => ({ ...(s.code ? { code: s.code } : {}), name: normalizeSlotName(s.name)!, places: s.places })),
    })),
  };
  return { info, rule: clean, dates: ruleDates(clean) };
}

/** '周一至周五 07:30-09:30 40、09:30-11:30 30；周六 07:30-09:30 20'. */
export function ruleText(rule: CapacityRule): string {
  return rule.groups
    .map((g) => {
      const slots = g.slots.map((s) => `${normalizeSlotName(s.name) ?? s.name} ${s.places}`).join('、');
      return `${weekdaysLabel(g.weekdays)} ${slots || '无时段'}`;
    })
    .join('；');
}

const rangeText = (r: CapacityRule) => (r.from === r.to ? r.from : `${r.from} 至 ${r.to}`);

export async function previewRule(db: Db, now: number, body: { rule?: unknown }): Promise<CapacityRulePreviewRes> {
  const { info, rule, dates } = await checkRule(db, body.rule, now);
  const existing = new Map((await readDays(db, info.scope, rule.from, rule.to)).map((d) => [d.day, d]));
  const days: CapacityRulePreviewDay[] = [];
  const problems: CapacityProblem[] = [];
  for (const { day, group } of dates) {
    const cur: CapacityDay | undefined = existing.get(day);
    const slots = rule.groups[group].slots;
    problems.push(...predictedProblems(info.scope, day, planDay(cur?.slots ?? [], slots)));
    days.push({
      day,
      placesBefore: cur?.places ?? 0,
      booked: cur?.booked ?? 0,
      placesAfter: slots.reduce((n, s) => n + s.places, 0),
      closed: cur?.flag === 'T',
      isNew: !cur,
    });
  }
  return { affected: days.length, days, problems, summary: `${info.label} ${rangeText(rule)}：${ruleText(rule)}` };
}

export async function applyRule(db: Db, actor: string, now: number, body: { rule?: unknown }): Promise<CapacityRuleApplyRes> {
  const { info, rule, dates } = await checkRule(db, body.rule, now);
  if (dates.length === 0) throw new StudioFailure(400, '所选日期范围内没有符合星期的日期');
  return db.transaction(async (tx) => {
    const problems: CapacityProblem[] = [];
    const before: Array<{ day: string; slots: Array<[string, string, number, number]> }> = [];
    let created = 0;
    for (const { day, group } of dates) {
      const w = await writeDay(tx, info.scope, day, rule.groups[group].slots);
      problems.push(...w.problems);
      if (w.created) created++;
      before.push({ day, slots: w.before.map((s) => [s.code, s.name, s.places, s.booked]) });
    }
    if (problems.length) throw new CapacityRefused(problems);
    const summary = `批量设置号源 ${info.label} ${rangeText(rule)}：${ruleText(rule)}（共 ${dates.length} 天${created ? `，新开 ${created} 天` : ''}）`;
    await recordAudit(
      tx,
      {
        actor,
        action: 'rule',
        entity: 'capacity',
        key: `${info.scope} ${rule.from}~${rule.to}`,
        summary,
        before: { days: before },
        after: { rule: { scope: rule.scope, from: rule.from, to: rule.to, groups: rule.groups }, days: dates.map((d) => d.day) },
      },
      now,
    );
    return { affected: dates.length, summary };
  });
}
