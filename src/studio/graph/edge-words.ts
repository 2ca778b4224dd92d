/**
 * What leads along a flow-graph edge, in an admin's words: 点“立即预约”,
 * 进入页面时, 满足条件 / 不满足条件, 微信支付取消 — instead of the config's
 * paths and expressions (`on.notice[0]`, `!session.hospInfo || …`,
 * `wechatPay:cancel`), which stay on hover. Pure.
 */
// One copy of "which button sends this event", shared with the checker's words for a place.
import { eventText } from '../../engine/config/place-words';

const EFFECTS: Record<string, string> = { wechatPay: '微信支付', restoreRedirect: '恢复跳转' };
const OUTCOMES: Record<string, string> = { ok: '成功', cancel: '取消', fail: '失败', none: '没有可恢复的' };

/** Events the screens send themselves (a card tapped, a form submitted): named by what the person does. */
const SCREEN_EVENTS: Record<string, string> = { select: '点选一项', submit: '提交', confirm: '确认', open: '打开', choose: '选择', detail: '查看详情' };

export const eventWords = (props: unknown, event: string): string => {
  const t = eventText(props, event);
  return t ? `点“${t}”` : (SCREEN_EVENTS[event] ?? `事件“${event}”`);
};

export const outcomeWords = (effect: string, outcome: string): string => `${EFFECTS[effect] ?? effect}${OUTCOMES[outcome] ?? `：${outcome}`}`;

export const LOAD_WORDS = '进入页面时';
export const NEXT_WORDS = '完成后自动进入';
export const PROP_WORDS = '页面自带的跳转';
export const IF_WORDS = '满足条件';
export const ELSE_WORDS = '不满足条件';
export const caseWords = (i: number, when: unknown): string => (typeof when === 'string' ? `情况 ${i + 1}` : '其他情况');
