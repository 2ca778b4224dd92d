/**
 * flows/messages.yaml holds the texts actions show (alert, toast, confirm and
 * its buttons, message props) and the app's own failure texts; every other text
 * lives in the one place that shows it (a step's props, a form schema's field).
 * A key nothing names is reported: editing it would change nothing on any
 * screen, which is worse than not finding it. Runs after every other check has
 * collected the keys it met.
 */
import { MESSAGES_FILE } from './assemble';
import type { CheckContext } from './context';
import { suggest } from './suggest';

export function checkUnusedMessages(ctx: CheckContext): void {
  // `server`: only texts the server answers with (a misspelt key would silently change nothing).
  if (ctx.reg.serverMessages) {
    const known = ctx.reg.serverMessages;
    for (const [area, texts] of Object.entries(ctx.config.serverMessages ?? {})) {
      for (const key of Object.keys(texts ?? {})) {
        const full = `${area}.${key}`;
        if (!known.includes(full)) {
          ctx.error(MESSAGES_FILE, ['server', area, key], `服务器文字 "${full}" 不是服务器会用到的${suggest(full, known)}，写了不起作用`, { key: true });
        }
      }
    }
  }
  // Only when the caller said which keys the app shows itself (else every such key would look unused).
  if (!ctx.reg.messages) return;
  const app = new Set(ctx.reg.messages);
  const expressions = expressionText(ctx);
  for (const key of Object.keys(ctx.config.messages)) {
    if (ctx.usedMessages.has(key) || app.has(key)) continue;
    // `=expr` refs are not resolved statically: a key spelled out inside one counts as used.
    if (new RegExp(`['"]${key.replace(/[$]/g, '\\$&')}['"]`).test(expressions)) continue;
    ctx.error(MESSAGES_FILE, ['messages', key], `提示文字 "${key}" 没有地方显示：没有哪个动作、页面或应用本身用到它（请在要显示它的地方引用它，或者删掉）`, { key: true });
  }
}

/** Every `=expr` string of the flows, joined (for the keys computed refs may name). */
function expressionText(ctx: CheckContext): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.startsWith('=')) out.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(ctx.config.steps);
  return out.join('\n');
}
