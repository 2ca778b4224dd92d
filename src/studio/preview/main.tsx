/**
 * The live phone preview's page (studio/preview.html, framed 375×667 by the
 * editor): the examinee app's own code — createRuntime, the router, the step
 * page — on the draft's checked config the studio posts, the real start-up
 * config (/config.json) and the server's real data, read-only (./readonly.ts).
 * Each render message re-mounts the app at the step's route with the facts set
 * into its session store (its own storage name: the phone's session is not touched).
 */
import { createRoot } from 'react-dom/client';
import '../../app/app.css';
import { App } from '../../app/App';
import { replaceSchemas } from '../../app/runner/schemas';
import { loadFeedback } from '../../widgets/common/feedback';
import { applyRootFontSize, createRuntime, type AppConfigJson } from '../../app/boot';
import type { StartupConfig } from '../../contract/calls';
import type { PreviewConfig } from '../check/run';
import { disableLeavingEffects, readOnlyApi } from './readonly';
import { PREVIEW_STORAGE_NAME, factSession, type PreviewRender, type PreviewReport } from './protocol';

// The app resolves schemas/<path> (and their validators) against the page: the server's root, as for the phone.
const base = document.createElement('base');
base.href = '/';
document.head.prepend(base);

/** The draft's form schemas answer the app's schema fetches (its validators stay the server's). */
let draftSchemas: PreviewConfig['schemas'] = {};
const realFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url, document.baseURI);
  const m = url.origin === location.origin ? /^\/schemas\/(.+\.json)$/.exec(url.pathname) : null;
  const schema = m ? draftSchemas[decodeURIComponent(m[1])] : undefined;
  if (schema) return Promise.resolve(new Response(JSON.stringify(schema), { status: 200, headers: { 'content-type': 'application/json' } }));
  return realFetch(input, init);
};

disableLeavingEffects();
applyRootFontSize(window);

const root = createRoot(document.getElementById('root')!);
const report = (m: PreviewReport) => window.parent.postMessage(m, location.origin);

async function startup(): Promise<StartupConfig> {
  const res = await realFetch(`/config.json?t=${Date.now()}`, { credentials: 'include', cache: 'no-store' });
  if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
  return (await res.json()) as StartupConfig;
}

/** The step and facts of the last render: while they stay, a draft update keeps what was typed into the form. */
let lastScene = '';

/**
 * The steps as the preview runs them: the previewed step's form keeps its values
 * in a session draft (its own key when the step names none), so the re-mount on
 * each draft update — a new form schema, a changed step — keeps a half-filled form.
 */
function withFormDraft(steps: PreviewConfig['steps'], stepId: string): AppConfigJson['steps'] {
  const step = steps[stepId] as { form?: { draft?: string } };
  if (!step?.form || step.form.draft) return steps as AppConfigJson['steps'];
  return { ...steps, [stepId]: { ...step, form: { ...step.form, draft: `preview:${stepId}` } } } as AppConfigJson['steps'];
}

function render(startupConfig: StartupConfig, m: PreviewRender): void {
  const step = m.config.steps[m.stepId];
  if (!step) {
    root.render(<div className="cf-boot">草稿里没有步骤 {m.stepId}</div>);
    return report({ type: 'checkup-preview:failed', seq: m.seq, message: `没有步骤 ${m.stepId}` });
  }
  // The draft's schemas (forms, question banks) replace whatever the frame loaded before: the
  // app's schema cache for forms, the fetch answer above for banks (fetched on each mount).
  draftSchemas = m.config.schemas ?? {};
  replaceSchemas(draftSchemas);
  const scene = JSON.stringify([m.stepId, m.facts]);
  const sameScene = scene === lastScene;
  lastScene = scene;
  const cfg: AppConfigJson = { app: m.config.app, messages: m.config.messages, steps: withFormDraft(m.config.steps, m.stepId) };
  const rt = createRuntime(startupConfig, cfg, { storageName: PREVIEW_STORAGE_NAME });
  // A clean session each render (the service token kept), then the picked facts.
  const s = rt.session.getState();
  s.clear(Object.keys(s.values).filter((k) => k !== 'token'));
  for (const [k, v] of Object.entries(factSession(m.facts))) s.set(k, v);
  // A branch chosen (the centre's first), as on a phone past the chooser: the steps that need one
  // (home, booking) show themselves instead of sending the preview to 选择院区.
  const branch = startupConfig.branches?.[0];
  if (branch) s.set('hospInfo', { hospCode: branch.hospCode, hospAddr: branch.hospAddr, hospTel: branch.hospTel });
  // Another step or other facts start clean; the same ones keep the form's values.
  if (!sameScene) {
    for (const key of Object.keys(s.drafts ?? {})) s.clearDraft(key);
    // a dialog or toast the last step opened (outside the app's root) goes with it
    loadFeedback().then(
      ({ Dialog, Toast }) => {
        Dialog.clear();
        Toast.clear();
      },
      () => undefined,
    );
  }
  const runtime = { ...rt, api: readOnlyApi(rt.api) };
  // The step's route, replacing the entry (the editor page's history is not grown).
  const route = step.route ?? '/';
  history.replaceState(null, '', `${location.pathname}${location.search}#${route}`);
  root.render(<App key={m.seq} runtime={runtime} />);
  report({ type: 'checkup-preview:rendered', seq: m.seq, stepId: m.stepId });
}

startup().then(
  (cfg) => {
    window.addEventListener('message', (e: MessageEvent) => {
      if (e.origin !== location.origin || e.source !== window.parent) return;
      const m = e.data as PreviewRender;
      if (m?.type !== 'checkup-preview:render') return;
      try {
        render(cfg, m);
      } catch (err) {
        console.error('preview failed', err);
        root.render(<div className="cf-boot">预览失败：{String(err)}</div>);
        report({ type: 'checkup-preview:failed', seq: m.seq, message: err instanceof Error ? err.message : String(err) });
      }
    });
    report({ type: 'checkup-preview:ready' });
  },
  (e: Error) => {
    console.error('preview boot failed', e);
    root.render(<div className="cf-boot">网络异常！请稍后再试</div>);
  },
);
