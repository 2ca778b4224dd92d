/**
 * What a registered questionnaire needs before an examinee can open it, read
 * from the draft, and the edits that add each missing part (the builder's
 * "在手机上" panel). Today's hand-written way is docs/flow-format.md's
 * questionnaire guide, steps 3–5; these write the same config:
 *
 *   page      a step that shows the form (`screen: form`, `form.schema`),
 *             which saves with SaveQuestionnaire and shows the score, and in
 *             view mode (?id=&mode=view) shows a saved answer read-only
 *   tile      a tile on the home page (the first `menu` step) whose event
 *             goes to that step
 *   list      a branch of 我的问卷's open switch (the `cardList` step that
 *             loads GetQuestionList) that opens the step in view mode
 *
 * Only questionnaires owned by the user (owner openid) can get a generated
 * page: SaveQuestionnaire stores those only (a regno questionnaire is saved
 * by a group member's own calls, as the occupational one is).
 *
 * Edits go through the yaml Document API where the file round-trips
 * unchanged (flows/home.yaml and flows/questionnaires.yaml do: comments and
 * layout are kept), and as a text insertion at the node's range otherwise
 * (flows/messages.yaml). Pure: files in, changed files out.
 */
import { isMap, isSeq, parseDocument, visit, Scalar, type Document, type Node, type YAMLMap } from 'yaml';
import type { RegistryEntry } from './model';

type Files = Record<string, string>;
type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export const MESSAGES_FILE = 'flows/messages.yaml';
/** The list call 我的问卷 loads (src/contract/calls.ts). */
const LIST_CALL = 'GetQuestionList';

/** The tile icons of the menu screen kind (src/widgets/screens/menu/tile-icons.tsx), with what they look like. */
export const TILE_ICONS: Array<{ name: string; label: string }> = [
  { name: 'report', label: '文件' },
  { name: 'notice', label: '喇叭' },
  { name: 'app', label: '方格' },
  { name: 'orders', label: '列表' },
  { name: 'person', label: '人像' },
  { name: 'team', label: '多人' },
  { name: 'review', label: '盾牌' },
  { name: 'card', label: '卡片' },
  { name: 'calendar', label: '日历' },
  { name: 'pay', label: '钱币' },
];

interface StepAt {
  id: string;
  file: string;
  step: Json;
}

export interface Wiring {
  /** The step showing this questionnaire's form, if any. */
  page: StepAt | null;
  /** The home page (first menu step), and whether one of its tiles leads to the page. */
  home: StepAt | null;
  tile: { text: string } | null;
  /** 我的问卷 (the list step), and whether its open switch has a branch for this questionnaire. */
  list: StepAt | null;
  listBranch: boolean;
  /** Why no page can be generated (owner regno), or null. */
  cannotGenerate: string | null;
}

function flowFiles(files: Files): string[] {
  return Object.keys(files)
    .filter((p) => /^flows\/[^/]+\.yaml$/.test(p) && p !== 'flows/app.yaml' && p !== MESSAGES_FILE)
    .sort();
}

/**
 * Each flow file's steps, parsed once per text: the builder reads the wiring on
 * every keystroke, and what it types changes a form schema or flows/app.yaml,
 * not the flows (parsing them all again took ~28 ms a keystroke).
 */
const parsedFlows = new Map<string, { text: string; steps: StepAt[] }>();

function stepsOfFile(file: string, text: string): StepAt[] {
  const hit = parsedFlows.get(file);
  if (hit?.text === text) return hit.steps;
  const steps: StepAt[] = [];
  try {
    const v: unknown = parseDocument(text).toJS();
    if (isObj(v) && isObj(v.steps)) for (const [id, step] of Object.entries(v.steps)) if (isObj(step)) steps.push({ id, file, step });
  } catch {
    // a file with a syntax error has no steps here: the checker says so
  }
  parsedFlows.set(file, { text, steps });
  return steps;
}

function stepsOf(files: Files): StepAt[] {
  return flowFiles(files).flatMap((file) => stepsOfFile(file, files[file]));
}

/** Does an action list (with its nested then/else/do lists) go to `stepId`? */
function goesTo(actions: unknown, stepId: string): boolean {
  if (!Array.isArray(actions)) return false;
  return actions.some((a) => {
    if (!isObj(a)) return false;
    if (a.go === stepId) return true;
    return Object.values(a).some((v) => (Array.isArray(v) ? goesTo(v, stepId) || v.some((c) => isObj(c) && goesTo(c.do, stepId)) : false));
  });
}

const kindTest = (id: string) => `event.item.kind == '${id}'`;

/** The 我的问卷 step's open handler's switch cases. */
function listCases(list: StepAt): unknown[] {
  const ev = isObj(list.step.props) && typeof list.step.props.selectEvent === 'string' ? list.step.props.selectEvent : 'open';
  const handler = isObj(list.step.on) ? list.step.on[ev] : undefined;
  const sw = Array.isArray(handler) ? handler.find((a) => isObj(a) && Array.isArray(a.switch)) : undefined;
  return isObj(sw) ? (sw.switch as unknown[]) : [];
}

export function readWiring(files: Files, entry: RegistryEntry): Wiring {
  const steps = stepsOf(files);
  const page =
    steps.find((s) => {
      const f = s.step.form;
      return s.step.screen === 'form' && isObj(f) && (f.schema === entry.schema || (Array.isArray(f.choices) && f.choices.includes(entry.schema)));
    }) ?? null;
  const home = steps.find((s) => s.step.screen === 'menu') ?? null;
  let tile: { text: string } | null = null;
  if (home && page) {
    const tiles = isObj(home.step.props) && Array.isArray(home.step.props.tiles) ? home.step.props.tiles : [];
    const on = isObj(home.step.on) ? home.step.on : {};
    const t = tiles.find((x) => isObj(x) && typeof x.event === 'string' && goesTo(on[x.event], page.id));
    if (isObj(t)) tile = { text: String(t.text ?? '') };
  }
  const list =
    steps.find((s) => s.step.screen === 'cardList' && Array.isArray(s.step.load) && s.step.load.some((a) => isObj(a) && a.call === LIST_CALL)) ?? null;
  const listBranch = !!list && listCases(list).some((c) => isObj(c) && typeof c.when === 'string' && c.when.replace(/"/g, "'").includes(kindTest(entry.id)));
  return { page, home, tile, list, listBranch, cannotGenerate: entry.owner === 'openid' ? null : '属于体检号（团检成员）的问卷由团检流程保存，填写页面需在编辑器中编写' };
}

// ------------------------------------------------------------------ names

/** stress → Stress, sleep-check → SleepCheck (step ids are letters, digits and _). */
function pascal(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}
const camel = (id: string) => {
  const p = pascal(id);
  return p[0].toLowerCase() + p.slice(1);
};

function free(base: string, taken: (name: string) => boolean): string {
  if (!taken(base)) return base;
  for (let i = 2; ; i++) if (!taken(`${base}${i}`)) return `${base}${i}`;
}

function messageKeys(files: Files): Set<string> {
  try {
    const v = parseDocument(files[MESSAGES_FILE] ?? '').toJS() as unknown;
    return new Set(isObj(v) && isObj(v.messages) ? Object.keys(v.messages) : []);
  } catch {
    return new Set();
  }
}

// ------------------------------------------------------------------ the page

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The flow file of the page: its step shows, saves, scores and views the questionnaire. */
function pageFlow(a: { flow: string; stepId: string; title: string; entry: RegistryEntry; scoreKey: string; draftKey: string; homeId: string }): string {
  const { stepId, entry } = a;
  const schema = entry.schema;
  return `# yaml-language-server: $schema=../schemas/meta/editor/flow.schema.json
# 问卷“${a.title}”的填写和查看页面（由问卷设计生成，可以在这里继续修改）。
# 填写：提交时先按表单检查必填，服务器保存并计分，有计分段时弹出得分。
# 查看（我的问卷打开已提交的，?id=…&mode=view）：只读，用作答时的问卷版本。
flow: ${a.flow}
title: ${a.title}
steps:
  ${stepId}:
    route: /${stepId}
    auth: true
    # 也可以直接用链接打开（例如在公众号消息里发给体检者）
    entry: true
    title: ${a.title}
    screen: form
    form:
      schema: "=query.mode == 'view' ? (data.answer ? coalesce(data.answer.schemaPath, ${q(schema)}) : '') : ${q(schema)}"
      choices: [ ${schema} ]
      archived: true
      draft: ${a.draftKey}
      readOnlyIf: "query.mode == 'view'"
    load:
      - if: "query.mode == 'view'"
        then:
          - call: GetQuestionById
            body: { openId: "=session.openid", id: "=query.id" }
            keep: data.answer
            onFail: [ { toast: questionnaireLoadFailed }, { stop: true } ]
            onError: [ { toast: questionnaireLoadFailed }, { stop: true } ]
          - set: { form: "=parseJson(data.answer.body)" }
          - stop: true
      # 填了一半的（刷新或退出后回来）优先于已提交的答案
      - if: "len(form) > 0"
        then: [ { stop: true } ]
      - call: GetQuestionnaire
        body: { openId: "=session.openid", qid: ${entry.id} }
        keep: data.saved
        noLoading: true
        onFail: [ { toast: questionnaireLoadFailed } ]
        onError: [ { toast: questionnaireLoadFailed } ]
      - if: "data.saved.body"
        then: [ { set: { form: "=parseJson(data.saved.body)" } } ]
    props:
      # 查看时，计分问卷在答案上方显示得分和结论
      summary:
        rows:
          - { label: 得分, value: "=str(data.answer.score) + ' 分'", visibleIf: "query.mode == 'view' && data.answer.scoreLabel" }
          - { label: 结论, value: "=data.answer.scoreLabel", visibleIf: "query.mode == 'view' && data.answer.scoreLabel" }
      submitText: "=query.mode == 'view' ? '返回' : '提交'"
      submitEvent: submit
    on:
      submit:
        - if: "query.mode == 'view'"
          then: [ { back: 1 }, { stop: true } ]
        - validate: true
          show: alert
        - call: SaveQuestionnaire
          body: { openId: "=session.openid", qid: ${entry.id}, answers: "=toJson(form)" }
          keep: data.saved
          onFail: [ { toast: questionnaireSaveFailed }, { stop: true } ]
          onError: [ { toast: questionnaireSaveFailed }, { stop: true } ]
        - invoke: clearDraft
          params: { key: ${a.draftKey} }
        - if: "data.saved.scoreLabel"
          then:
            - alert: ${a.scoreKey}
              params: { score: "=data.saved.score", band: "=data.saved.scoreLabel" }
          else:
            - toast: questionnaireSaved
              icon: success
        - go: ${a.homeId}
`;
}

/** Adds `key: text` as the last entry of messages.yaml's `messages:` (a text insertion: the rest of the file stays byte for byte). */
export function addMessage(messagesYaml: string, key: string, text: string): string {
  const doc = parseDocument(messagesYaml);
  const m = doc.get('messages', true);
  const line = `  ${key}: ${text}\n`;
  if (!isMap(m) || !m.items.length) return `${messagesYaml.replace(/\n*$/, '\n')}messages:\n${line}`;
  const last = m.items[m.items.length - 1];
  const end = (last.value as { range?: [number, number, number] } | null)?.range?.[1] ?? m.range?.[1] ?? messagesYaml.length;
  const nl = messagesYaml.indexOf('\n', end);
  const at = nl < 0 ? messagesYaml.length : nl + 1;
  return `${messagesYaml.slice(0, at)}${nl < 0 ? '\n' : ''}${line}${messagesYaml.slice(at)}`;
}

/** The files that give `entry` its page: a new flow file and its score message. */
export function addPage(files: Files, entry: RegistryEntry, title: string): Files {
  const steps = stepsOf(files);
  const routes = new Set(steps.map((s) => s.step.route).flatMap((r) => (Array.isArray(r) ? r : [r])));
  const flows = new Set(steps.map((s) => s.file));
  const stepId = free(`${pascal(entry.id)}Questionnaire`, (n) => steps.some((s) => s.id === n) || routes.has(`/${n}`));
  const file = free(`flows/${entry.id}`, (n) => flows.has(`${n}.yaml`) || `${n}.yaml` in files) + '.yaml';
  const keys = messageKeys(files);
  const scoreKey = free(`${camel(entry.id)}Score`, (n) => keys.has(n));
  const home = steps.find((s) => s.step.screen === 'menu');
  const draftKey = `${camel(entry.id)}Questionnaire`;
  const flowName = file.slice('flows/'.length, -'.yaml'.length);
  return {
    [file]: pageFlow({ flow: /^[A-Za-z]/.test(flowName) ? flowName : `q${flowName}`, stepId, title, entry, scoreKey, draftKey, homeId: home?.id ?? 'Index' }),
    [MESSAGES_FILE]: addMessage(files[MESSAGES_FILE] ?? '', scoreKey, `${title}得分 {score} 分：{band}`),
  };
}

// ------------------------------------------------------------------ the tile and the 我的问卷 branch

/** Expressions in double quotes, as the hand-written flows have them (`id: "=event.item.id"`). */
function quoteExpressions<T extends Node>(node: T): T {
  visit(node, {
    Scalar(_, s) {
      if (typeof s.value === 'string' && (s.value.startsWith('=') || s.value.includes('=='))) s.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return node;
}

function stepNode(doc: Document, id: string): YAMLMap | null {
  const n = doc.getIn(['steps', id], true);
  return isMap(n) ? n : null;
}

/** flows/<home>.yaml with a tile `{ text, icon, event }` (before the tiles only some users see) and its handler going to the page. */
export function addTile(files: Files, w: Wiring, text: string, icon: string): Files {
  if (!w.home || !w.page) return {};
  const doc = parseDocument(files[w.home.file]);
  const step = stepNode(doc, w.home.id);
  if (!step) return {};
  const on = isObj(w.home.step.on) ? w.home.step.on : {};
  const event = free(camel(w.page.id.replace(/Questionnaire$/, '') || w.page.id), (n) => n in on);
  const tiles = step.getIn(['props', 'tiles'], true);
  const tile = doc.createNode({ text, icon, event }, { flow: true });
  if (isSeq(tiles)) {
    const firstLimited = tiles.items.findIndex((t) => isMap(t) && t.has('visibleIf'));
    if (firstLimited < 0) tiles.items.push(tile);
    else tiles.items.splice(firstLimited, 0, tile);
  } else step.setIn(['props', 'tiles'], doc.createNode([tile]));
  const handler = doc.createNode([{ go: w.page.id }], { flow: true });
  const onNode: unknown = step.get('on', true);
  if (isMap(onNode)) onNode.set(event, handler);
  else step.set('on', doc.createNode({ [event]: [{ go: w.page.id }] }));
  return { [w.home.file]: doc.toString({ lineWidth: 0 }) };
}

/** 我的问卷's open switch with a branch opening a saved answer of this questionnaire on the page, in view mode (before the catch-all). */
export function addListBranch(files: Files, w: Wiring, entry: RegistryEntry): Files {
  if (!w.list || !w.page) return {};
  const doc = parseDocument(files[w.list.file]);
  const step = stepNode(doc, w.list.id);
  if (!step) return {};
  const ev = isObj(w.list.step.props) && typeof w.list.step.props.selectEvent === 'string' ? w.list.step.props.selectEvent : 'open';
  const branch = quoteExpressions(doc.createNode({ when: kindTest(entry.id), do: [{ go: w.page.id, query: { id: '=event.item.id', mode: 'view' } }] }));
  // the flow style of the branches already there: `do: [ { go: X, query: { … } } ]`
  const dos: unknown = branch.get('do', true);
  if (isSeq(dos)) dos.flow = true;
  const handler = step.getIn(['on', ev], true);
  const sw = isSeq(handler) ? handler.items.find((a) => isMap(a) && isSeq(a.get('switch', true))) : undefined;
  const cases: unknown = isMap(sw) ? sw.get('switch', true) : undefined;
  if (isSeq(cases)) {
    const catchAll = cases.items.findIndex((c) => isMap(c) && !c.has('when'));
    if (catchAll < 0) cases.items.push(branch);
    else cases.items.splice(catchAll, 0, branch);
  } else {
    // no switch yet: this questionnaire's branch, then whatever the handler did before as the catch-all
    const before = isSeq(handler) ? handler.toJSON() : [];
    const cases = [branch, ...(before.length ? [{ do: before }] : [])];
    step.setIn(['on', ev], doc.createNode([{ switch: cases }]));
  }
  return { [w.list.file]: doc.toString({ lineWidth: 0 }) };
}
