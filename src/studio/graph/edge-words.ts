/**
 * What leads along a flow-graph edge, in an admin's words: 点“立即预约”,
 * 进入页面时, 满足条件 / 不满足条件, 微信支付取消 — instead of the config's
 * paths and expressions (`on.notice[0]`, `!session.hospInfo || …`,
 * `wechatPay:cancel`), which stay on hover. Pure.
 */
type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

const EFFECTS: Record<string, string> = { wechatPay: '微信支付', restoreRedirect: '恢复跳转' };
const OUTCOMES: Record<string, string> = { ok: '成功', cancel: '取消', fail: '失败', none: '没有可恢复的' };

/** The text of what the person taps to send `event` (a button, tile or card action in the step's props), if any. */
export function eventText(props: unknown, event: string, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  if (Array.isArray(props)) {
    for (const x of props) {
      const t = eventText(x, event, depth + 1);
      if (t) return t;
    }
    return undefined;
  }
  if (!isObj(props)) return undefined;
  const named = Object.entries(props).some(([k, v]) => v === event && /event$/i.test(k));
  if (named) for (const k of ['text', 'label', 'title', 'buttonText']) if (typeof props[k] === 'string' && !(props[k] as string).startsWith('=')) return props[k] as string;
  for (const v of Object.values(props)) {
    const t = eventText(v, event, depth + 1);
    if (t) return t;
  }
  return undefined;
}

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
