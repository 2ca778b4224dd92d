/** Renders the open `sheet` popups: a SchemaForm of the given schema with a submit button. */
import { useRef, useState, useSyncExternalStore } from 'react';
import { Popup } from 'antd-mobile';
import type { FormHandle } from '../widgets/form/SchemaForm';
import { compileExpr } from '../engine/expr';
import { sheetStore, type SheetRequest } from './effects/sheet-store';
import { FormSlot } from './runner/LazyFormSlot';
import { useRuntime } from './runtime-context';
import { showAlert } from './effects/ui';

function Sheet({ req }: { req: SheetRequest }) {
  const rt = useRuntime();
  const ref = useRef<FormHandle | null>(null);
  const [initial] = useState(() => req.initial ?? {});
  const auto = req.submitOnChange;
  const last = useRef<unknown>(initial[auto ?? '']);
  // A choice that is itself the answer (the personal popup's type): validate and
  // submit as soon as it changes; on a message, show it and clear the choice.
  const onChange = async (values: Record<string, unknown>) => {
    if (!auto || values[auto] === undefined || values[auto] === '' || values[auto] === last.current) return;
    last.current = values[auto];
    const message = await ref.current?.validate();
    if (message) {
      last.current = undefined;
      ref.current?.reset({ ...values, [auto]: undefined });
      await showAlert(message);
      return;
    }
    req.resolve(values);
  };
  const scope = () => ({ session: rt.session.getState().values, config: rt.startup, const: rt.app.constants ?? {} });
  return (
    <Popup visible onMaskClick={() => req.resolve(null)} onClose={() => req.resolve(null)} bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, maxHeight: '85vh', overflowY: 'auto' }}>
      {req.title ? <div style={{ padding: '14px 16px 0', fontSize: 16, fontWeight: 600, textAlign: 'center' }}>{req.title}</div> : null}
      <FormSlot
        schemaPath={req.schemaPath}
        initial={initial}
        readOnly={false}
        formRef={ref}
        onChange={(v) => void onChange(v)}
        evalCondition={(e, form) => !!compileExpr(e.replace(/^=/, '')).evaluate({ ...scope(), form }, rt.fns)}
        evalValue={(e, form) => compileExpr(e.replace(/^=/, '')).evaluate({ ...scope(), form }, rt.fns)}
        onAction={async () => undefined}
        onSubmit={auto ? undefined : (values) => req.resolve(values)}
        submitText={req.submitText ?? '确定'}
        id={`sheet-${req.id}`}
      />
    </Popup>
  );
}

export function SheetHost() {
  const list = useSyncExternalStore(sheetStore.subscribe, sheetStore.list, sheetStore.list);
  return (
    <>
      {list.map((r) => (
        <Sheet key={r.id} req={r} />
      ))}
    </>
  );
}
