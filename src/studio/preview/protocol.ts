/**
 * The live phone preview (issue 13, item 3): what the studio page posts to the
 * preview frame (/studio/preview.html, same origin), and the session facts the
 * picker offers. Plain data; shared by both pages.
 */
import type { PreviewConfig } from '../check/run';

/** The facts that branch the flows (flows/app.yaml `session:`); '' = not set. */
export interface PreviewFacts {
  /** session.type: person | healthCertificate | vehicle | staff | group */
  type: string;
  /** session.questionInfoZC.basicInfo.sex: 男 | 女 (the package tabs, the questionnaire) */
  sex: string;
  /** session.marital: 1 unmarried, 2 married */
  marital: string;
  /** session.teamInfo.flag: 普通体检 or an occupational flag (a group member's questionnaire) */
  groupFlag: string;
  /** session.user present (steps with `auth: true` open instead of the login step) */
  loggedIn: boolean;
}

export const DEFAULT_FACTS: PreviewFacts = { type: '', sex: '', marital: '', groupFlag: '', loggedIn: true };

export interface FactChoice {
  key: Exclude<keyof PreviewFacts, 'loggedIn'>;
  label: string;
  options: Array<{ value: string; label: string }>;
}

export const FACT_CHOICES: FactChoice[] = [
  {
    key: 'type',
    label: '体检类型',
    options: [
      { value: '', label: '未选' },
      { value: 'person', label: '个人体检' },
      { value: 'healthCertificate', label: '健康证' },
      { value: 'vehicle', label: '驾驶员' },
      { value: 'staff', label: '入职' },
      { value: 'group', label: '团检' },
    ],
  },
  {
    key: 'sex',
    label: '性别',
    options: [
      { value: '', label: '未填' },
      { value: '男', label: '男' },
      { value: '女', label: '女' },
    ],
  },
  {
    key: 'marital',
    label: '婚姻状况',
    options: [
      { value: '', label: '未选' },
      { value: '1', label: '未婚' },
      { value: '2', label: '已婚' },
    ],
  },
  {
    key: 'groupFlag',
    label: '团检标记',
    options: [
      { value: '', label: '未登录团检' },
      { value: '普通体检', label: '普通体检' },
      { value: '接触噪声作业', label: '职业病体检（噪声）' },
    ],
  },
];

/** The session values the facts stand for (set into the preview's session store before it renders). */
export function factSession(f: PreviewFacts): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (f.type) out.type = f.type;
  if (f.sex) out.questionInfoZC = { basicInfo: { sex: f.sex } };
  if (f.marital) out.marital = f.marital;
  if (f.groupFlag) out.teamInfo = { flag: f.groupFlag, pat_name: '预览成员', reg_no: 'PREVIEW' };
  if (f.loggedIn) out.user = { tag: 'preview', name: '预览用户', idCard: '', tel: '' };
  return out;
}

/** studio → frame */
export interface PreviewRender {
  type: 'checkup-preview:render';
  /** Each render is new (the frame re-mounts the app on it). */
  seq: number;
  config: PreviewConfig;
  stepId: string;
  facts: PreviewFacts;
}

/** frame → studio */
export type PreviewReport =
  | { type: 'checkup-preview:ready' }
  | { type: 'checkup-preview:rendered'; seq: number; stepId: string }
  | { type: 'checkup-preview:failed'; seq: number; message: string };

export const PREVIEW_STORAGE_NAME = 'checkup-studio-preview';
export const PREVIEW_REFUSAL = '预览中不提交';
