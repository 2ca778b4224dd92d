/**
 * One step on screen: builds the expression scope, runs `load` on enter,
 * evaluates `props`, renders the screen kind with its form, and runs `on[event]`
 * when the kind emits. A new visit (location key) is a new StepPage: step data
 * starts empty each time.
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { DotLoading } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router-dom';
import { useBlocker } from '../router/blocker';
import type { Action } from '../../engine/types';
import { callsOnEntry, runActions, setIn } from '../../engine/runtime';
import type { ActionContext, RunResult } from '../../engine/runtime';
import { compileExpr, evalValue } from '../../engine/expr';
import { screenKind } from '../../widgets/screens/registry';
import { NavBar } from '../../widgets/common/NavBar';
import type { FormHandle } from '../../widgets/form/SchemaForm';
import type { StepWithId } from '../boot';
import { createEffects } from '../effects';
import { showToast } from '../effects/ui';
import { sheetStore } from '../effects/sheet-store';
import { useRuntime } from '../runtime-context';
import { useSession } from '../session';
import { stepQuery } from '../router/paths';
import { evalProps, makeEvalItem, sessionKeysOf } from './props';
import { useShallow } from 'zustand/react/shallow';
import { FormSlot } from './LazyFormSlot';

type Values = Record<string, unknown>;

const Loading = () => (
  <div style={{ textAlign: 'center', padding: 48 }}>
    <DotLoading color="primary" />
  </div>
);

const noSubscribe = () => () => undefined;
const historyBehind = () => (window.history.state?.idx ?? 0) > 0;
const noHistory = () => false;

export function StepPage({ step }: { step: StepWithId }) {
  const rt = useRuntime();
  const location = useLocation();
  const routerNavigate = useNavigate();
  // Subscribe to the session keys this step's expressions read (all of them when unknowable).
  const sessionKeys = useMemo(
    () => sessionKeysOf([step.props ?? {}, step.form?.initial ?? {}, step.form?.readOnlyIf ? `=${step.form.readOnlyIf.replace(/^=/, '')}` : '', step.form?.schema ?? '']),
    [step],
  );
  const sessionValues = useSession(
    useShallow((s) => (sessionKeys ? Object.fromEntries(sessionKeys.map((k) => [k, s.values[k]])) : s.values)),
  );
  // The data the page's drawing of this step was made with (app/ssr/entry-seed.ts), when this is that first screen.
  const [seeded] = useState(() => (rt.entryData?.step === step.id ? rt.entryData.data : undefined));
  const [data, setDataState] = useState<Values>(seeded ?? {});
  const dataRef = useRef<Values>(data);
  const formHandle = useRef<FormHandle | null>(null);
  const formValuesRef = useRef<Values>({});
  const [formValues, setFormValues] = useState<Values>({});
  const mounted = useRef(true);
  const draftClearedAt = useRef<string | null>(null);
  // The page address's own search (`?v=…&regno=…`); the server drawing the first screen passes the request's.
  const query = useMemo(() => stepQuery(location.search, rt.outerSearch ?? window.location.search), [location.search, rt]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      formHandle.current?.flush();
    };
  }, []);

  // No back navigation out of a noBack step (the /oauth page).
  const blocker = useBlocker(({ historyAction }) => !!step.noBack && historyAction === 'POP');
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  const baseScope = useCallback(
    (): Values => ({
      session: rt.session.getState().values,
      data: dataRef.current,
      // The form's cleaned values (hidden fields removed); before it mounts, what initial/set gave.
      form: formHandle.current ? formHandle.current.getValues() : formValuesRef.current,
      query,
      config: rt.startup,
      const: rt.app.constants ?? {},
    }),
    [rt, query],
  );

  const setData = useCallback((path: string, value: unknown) => {
    dataRef.current = setIn(dataRef.current, path, value);
    setDataState(dataRef.current);
  }, []);
  const readOnlyRef = useRef(false);
  const setForm = useCallback((path: string, value: unknown) => {
    const cur = formHandle.current ? formHandle.current.getValues() : formValuesRef.current;
    // An empty path (`set: { form: … }`) replaces the whole form.
    formValuesRef.current = path ? setIn(cur, path, value) : value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {};
    formHandle.current?.reset(formValuesRef.current);
    setFormValues(formValuesRef.current);
    // View mode shows a saved answer: it must not replace the draft of one in progress.
    if (step.form?.draft && !readOnlyRef.current) rt.session.getState().saveDraft(step.form.draft, formValuesRef.current);
  }, [rt, step]);

  const effects = useMemo(
    () =>
      createEffects({
        startup: rt.startup,
        session: rt.session,
        api: rt.api,
        steps: rt.steps,
        loginStepId: rt.app.login,
        startStepId: rt.app.start,
        step,
        win: globalThis.window, // absent while the server draws the first screen: no action runs there
        navigatePath: (path, replace) => {
          if (mounted.current) routerNavigate(path, { replace });
        },
        navigateDelta: (n) => {
          if (mounted.current) routerNavigate(n);
        },
        setData,
        setForm,
        validateForm: async () => (formHandle.current ? formHandle.current.validate() : null),
        onDraftCleared: (key) => {
          if (key !== step.form?.draft) return;
          // A debounced/flushed change carrying the same values must not bring the draft back.
          draftClearedAt.current = JSON.stringify(formHandle.current ? formHandle.current.getValues() : formValuesRef.current);
        },
      }),
    [rt, step, routerNavigate, setData, setForm],
  );

  const run = useCallback(
    async (actions: Action[] | undefined, extra: Values = {}): Promise<RunResult> => {
      if (!actions?.length) return 'done';
      const ctx: ActionContext = {
        scope: { ...baseScope(), ...extra } as ActionContext['scope'],
        effects,
        messages: rt.messages,
        fns: rt.fns,
        step,
        // The request layer already parsed jsonText answers.
        isJsonText: () => false,
      };
      try {
        return await runActions(actions, ctx);
      } catch (e) {
        console.error(`step ${step.id}:`, e);
        showToast(rt.messages.systemError || '系统异常！', { icon: 'fail', duration: 3000 });
        return 'stopped';
      }
    },
    [baseScope, effects, rt, step],
  );

  // Enter: run `load` once per visit. While a load that always calls runs, the screen shows its loading state
  // (`loading`, unless the step sets it): a list said 暂无体检套餐 until its answer came.
  const loaded = useRef(false);
  // A step drawn with its data shows it at once; its load still runs (its calls answered from the page).
  const [entering, setEntering] = useState(() => !seeded && callsOnEntry(step));
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    if (seeded) rt.entryData = undefined; // the first screen only
    void run(step.load).finally(() => setEntering(false));
    return () => sheetStore.closeAll();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const emit = useCallback(
    async (name: string, payload?: Values) => {
      const actions = step.on?.[name];
      if (!actions) {
        console.warn(`step ${step.id}: no handler for event "${name}"`);
        return;
      }
      await run(actions, { event: payload ?? {} });
    },
    [run, step],
  );

  // Scope for rendering (live session, step data, form values).
  const renderScope = useMemo(
    () => ({ session: sessionValues, data, form: formValues, query, config: rt.startup, const: rt.app.constants ?? {} }),
    [sessionValues, data, formValues, query, rt],
  );
  const scopeRef = useRef(renderScope);
  scopeRef.current = renderScope;
  const props = useMemo(() => {
    const p = (evalProps(step.props ?? {}, renderScope, rt.fns) ?? {}) as Values;
    return entering && !('loading' in (step.props ?? {})) ? { ...p, loading: true } : p;
  }, [step, renderScope, rt, entering]);
  const liveScope = useCallback(() => ({ ...scopeRef.current, session: rt.session.getState().values }), [rt]);
  const evalItem = useMemo(() => makeEvalItem(liveScope, rt.fns), [liveScope, rt]);

  // ---------------------------------------------------------------- form
  const formDef = step.form;
  const schemaPath = useMemo(() => {
    if (!formDef) return null;
    if (!formDef.schema.startsWith('=')) return formDef.schema;
    const v = evalValue(formDef.schema, renderScope, rt.fns);
    return typeof v === 'string' && v ? v : null;
  }, [formDef, renderScope, rt]);

  // Initial values once per visit: `initial` (evaluated), then the saved draft over it.
  useState<Values>(() => {
    if (!formDef) return {};
    const init = (formDef.initial ? evalValue(formDef.initial, baseScope(), rt.fns) : {}) as Values;
    const draft = formDef.draft ? rt.session.getState().loadDraft(formDef.draft) : null;
    const v = { ...(init ?? {}), ...(draft ?? {}) };
    formValuesRef.current = v;
    return v;
  });
  const readOnly = useMemo(() => {
    if (!formDef?.readOnlyIf) return false;
    try {
      return !!compileExpr(formDef.readOnlyIf.replace(/^=/, '')).evaluate(renderScope, rt.fns);
    } catch {
      return false;
    }
  }, [formDef, renderScope, rt]);
  readOnlyRef.current = readOnly;

  const onFormChange = useCallback(
    (values: Values) => {
      formValuesRef.current = values;
      setFormValues(values);
      if (!formDef?.draft || readOnlyRef.current) return;
      if (draftClearedAt.current !== null) {
        if (JSON.stringify(values) === draftClearedAt.current) return;
        draftClearedAt.current = null;
      }
      rt.session.getState().saveDraft(formDef.draft, values);
    },
    [formDef, rt],
  );
  const evalCondition = useCallback(
    (expr: string, form: Values) => !!compileExpr(expr.replace(/^=/, '')).evaluate({ ...liveScope(), form }, rt.fns),
    [rt, liveScope],
  );
  const evalFormValue = useCallback(
    (expr: string, form: Values) => compileExpr(expr.replace(/^=/, '')).evaluate({ ...liveScope(), form }, rt.fns),
    [rt, liveScope],
  );
  const onAction = useCallback(
    async (name: string, values: Values) => {
      // An event no step handles did nothing: the widget must not act as if it had (a send
      // button's countdown starting with no code sent).
      const actions = step.on?.[name];
      if (!actions) {
        console.warn(`step ${step.id}: no handler for form action "${name}"`);
        return false;
      }
      const r = await run(actions, { event: { form: values }, form: values });
      return r === 'stopped' ? false : undefined;
    },
    [run, step],
  );

  // The screen and its form are elements kept while their inputs are the same: a re-render of the page for
  // something else (the back arrow appearing after hydration) must not reach a screen still hydrating its lazy
  // parts (React's #421), nor redraw a long form.
  const formSlot = useMemo(
    () =>
      formDef && schemaPath ? (
        <FormSlot
          key={schemaPath}
          schemaPath={schemaPath}
          // What initial/draft and any load-time `set form` gave so far (FormSlot reads it once, at mount).
          initial={formValuesRef.current}
          readOnly={readOnly}
          formRef={formHandle}
          onChange={onFormChange}
          evalCondition={evalCondition}
          evalValue={evalFormValue}
          onAction={onAction}
          id={`f-${step.id}`}
        />
      ) : undefined,
    // formValues: a `set form` of the load made before FormSlot mounted must reach its `initial`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [formDef, schemaPath, readOnly, onFormChange, evalCondition, evalFormValue, onAction, step.id, formValues],
  );

  const Kind = screenKind(step.screen);
  // Every kind brings its own boundary while its code loads (widgets/screens/registry.ts); this one is for a
  // kind that suspends otherwise. A hydrating page has none around the screen: it hydrates in the first commit.
  const [bounded] = useState(() => !Kind.preload);
  const screen = useMemo(() => {
    const el = <Kind props={props} emit={emit} evalItem={evalItem} formSlot={formSlot} title={undefined} />;
    return bounded ? <Suspense fallback={<Loading />}>{el}</Suspense> : el;
  }, [Kind, props, emit, evalItem, formSlot, bounded]);
  // The server's drawing (and so the hydrating render) has no history behind it; the phone's own render then reads it.
  const canGoBack = useSyncExternalStore(noSubscribe, historyBehind, noHistory);
  // No arrow on a no-back step, nor on the start step when there is nothing to go back to.
  const showBack = !step.noBack && step.backArrow !== false && (canGoBack || step.id !== rt.app.start);
  return (
    <div className="cf-step" data-step={step.id}>
      {step.title ? (
        <NavBar
          className="cf-navbar"
          onBack={showBack ? () => (canGoBack ? routerNavigate(-1) : routerNavigate(rt.steps[rt.app.start]?.route ?? '/', { replace: true })) : undefined}
          style={{ background: '#fff', position: 'sticky', top: 0, zIndex: 20 }}
        >
          {step.title}
        </NavBar>
      ) : null}
      {screen}
    </div>
  );
}
