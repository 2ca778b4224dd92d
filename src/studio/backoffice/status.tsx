/**
 * What a back-office page says about a change: one line — green and announced
 * politely when it went through, red and announced at once when it was refused
 * (SaidLine, ErrorLine) — and useAction, which runs the change with its busy
 * flag and words the refusal the one way every area does (refusal.ts).
 */
import { useCallback, useState } from 'react';
import { refusal } from './refusal';

export type Said = { ok: boolean; text: string } | null;

export function SaidLine({ said, className }: { said: Said; className?: string }) {
  if (!said) return null;
  return (
    <p className={`${said.ok ? 'st-ok' : 'st-error'}${className ? ` ${className}` : ''}`} role={said.ok ? 'status' : 'alert'}>
      {said.text}
    </p>
  );
}

/** A failure line; nothing while `text` is empty. */
export function ErrorLine({ text, className }: { text: string | undefined; className?: string }) {
  return <SaidLine said={text ? { ok: false, text } : null} className={className} />;
}

export interface ActionOptions {
  /** Sees every failure first; true when it took care of it (e.g. asked to confirm) and nothing is to be said. */
  onRefused?(e: unknown): boolean | void;
  /** The refusal's words as said (e.g. with a note that the list was reloaded). */
  words?(text: string, e: unknown): string;
}

/**
 * A change the admin asked for: `run(fn)` clears the line, is busy while `fn`
 * runs, then says the text `fn` resolves to (nothing for no text) or why it was
 * refused; it resolves to whether the change went through and never rejects.
 * `fail(e)` says why a load was refused; `say` sets the line (a rule the page checked).
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [said, say] = useState<Said>(null);
  const fail = useCallback((e: unknown, words?: ActionOptions['words']) => {
    const text = refusal(e);
    if (text !== null) say({ ok: false, text: words ? words(text, e) : text });
  }, []);
  const run = useCallback(
    async (fn: () => Promise<string | void>, opts: ActionOptions = {}): Promise<boolean> => {
      setBusy(true);
      say(null);
      try {
        const text = await fn();
        if (text) say({ ok: true, text });
        return true;
      } catch (e) {
        if (!opts.onRefused?.(e)) fail(e, opts.words);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [fail],
  );
  return { busy, said, say, fail, run };
}
