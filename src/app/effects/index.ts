/**
 * The engine's Effects for one step page: what `runActions` may do to the world.
 * Pure wiring: the step page passes its setters and handles.
 */
import type { Effects, SetTarget } from '../../engine/runtime/types';
import { setIn } from '../../engine/runtime/path';
import { pathOf } from '../router/paths';
import type { EffectServices } from './registry';
import { sheetStore } from './sheet-store';
import { showAlert, showConfirm, showToast } from './ui';
import { stampExpiry } from '../session';

export interface EffectDeps extends EffectServices {
  navigateDelta(n: number): void;
  setData(path: string, value: unknown): void;
  setForm(path: string, value: unknown): void;
  validateForm(): Promise<string | null>;
  /** Overridable UI (tests). */
  ui?: Partial<Pick<Effects, 'alert' | 'confirm' | 'toast' | 'sheet'>>;
}

export function createEffects(d: EffectDeps): Effects {
  return {
    async call(name, body, opts) {
      return d.api.call(name, body, opts);
    },
    navigate(stepId, query, replace) {
      // Leaving a no-back step replaces it, so back never returns there.
      d.navigatePath(pathOf(d.steps, stepId, query), replace || !!d.step?.noBack);
    },
    back(n) {
      d.navigateDelta(-Math.abs(n || 1));
    },
    alert: d.ui?.alert ?? showAlert,
    confirm: d.ui?.confirm ?? ((t, ok, cancel) => showConfirm(t, ok, cancel)),
    toast: d.ui?.toast ?? showToast,
    delay: (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms))),
    sheet:
      d.ui?.sheet ??
      ((schemaPath, opts) => sheetStore.open({ schemaPath, title: opts.title, submitText: opts.submitText, submitOnChange: opts.submitOnChange, initial: opts.initial })),
    async invoke(name, params) {
      // The effects (ActionSheet, pay sheet, OAuth) load on the first invoke.
      const { EFFECTS } = await import('./registry');
      const e = EFFECTS[name];
      if (!e) throw new Error(`unknown effect "${name}"`);
      return e.run(params, d);
    },
    validateForm: () => d.validateForm(),
    set(target: SetTarget, path: string, value: unknown) {
      if (target === 'data') return d.setData(path, value);
      if (target === 'form') return d.setForm(path, value);
      const s = d.session.getState();
      const dot = path.indexOf('.');
      if (dot < 0) return s.set(path, stampExpiry(path, value, Date.now()));
      const key = path.slice(0, dot);
      s.set(key, setIn(s.values[key], path.slice(dot + 1), value));
    },
  };
}
