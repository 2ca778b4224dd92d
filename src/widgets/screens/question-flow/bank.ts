import { useEffect, useMemo, useState } from 'react';
import { resolveCondition } from '../../common/condition';
import { asObject } from '../../common/values';
import type { Bank } from './sequence';

type EvalItem = (value: unknown, item: unknown) => unknown;

/** A bank path (`questionnaires/x.json`) rather than the bank itself or its JSON text. */
export function isBankPath(v: unknown): v is string {
  return typeof v === 'string' && !v.trim().startsWith('{') && v.trim() !== '';
}

export function parseBank(b: unknown): Bank {
  if (typeof b === 'string') {
    try {
      return asObject(JSON.parse(b)) as Bank;
    } catch {
      return {};
    }
  }
  return asObject(b) as Bank;
}

/**
 * Section/question `visibleIf` of a bank file are conditions over the `context`
 * prop, written with `item` as the root (`=item.sex == '女'`): resolved here to
 * booleans so the pure sequencing sees only true/false.
 */
export function resolveBankConditions(bank: Bank, evalItem: EvalItem, context: unknown): Bank {
  return {
    ...bank,
    sections: (bank.sections ?? []).map((s) => ({
      ...s,
      visibleIf: resolveCondition(s.visibleIf, evalItem, context),
      questions: (s.questions ?? []).map((q) => ({ ...q, visibleIf: resolveCondition(q.visibleIf, evalItem, context) })),
    })),
  };
}

/**
 * The bank from props: the object (or JSON text) itself, or a path of a bank
 * file served like form schemas (GET schemas/<path>, flow-format "How config
 * reaches the app") — a config file, not an API call.
 */
export function useBank(source: unknown): { bank: Bank | undefined; failed: boolean } {
  const path = isBankPath(source) ? source.replace(/^\/+/, '').replace(/^schemas\//, '') : undefined;
  const [loaded, setLoaded] = useState<{ path: string; bank?: Bank; failed?: boolean }>();
  useEffect(() => {
    if (!path) return;
    let live = true;
    fetch(`schemas/${path}`, { credentials: 'include' })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((b: unknown) => live && setLoaded({ path, bank: parseBank(b) }))
      .catch(() => live && setLoaded({ path, failed: true }));
    return () => {
      live = false;
    };
  }, [path]);
  const inline = useMemo(() => (path ? undefined : parseBank(source)), [path, source]);
  if (!path) return { bank: inline, failed: false };
  if (loaded?.path !== path) return { bank: undefined, failed: false };
  return { bank: loaded.bank, failed: !!loaded.failed };
}
