/**
 * Call body fields and effect params that name something of the config: the
 * checker refuses a literal that names nothing (`qid: sleeep` when the
 * registry has `sleep`; every submit would fail on the phone).
 *   questionnaire — an id of flows/app.yaml `questionnaires`
 *   ownQuestionnaire — one of those whose answers are the user's (`owner: openid`): the
 *                    only ones SaveQuestionnaire stores (the server refuses the others)
 *   schemaId      — a form schema's file name without folder and `.json` (`health-questionnaire`)
 *   draft         — a `form.draft` key of some step
 *   route         — a step's route or alias (`/Index`)
 */
import type { CallName } from './calls';
import type { EffectName } from './vocabulary/effects';

export type ConfigRef = 'questionnaire' | 'ownQuestionnaire' | 'schemaId' | 'draft' | 'route';

export const CALL_BODY_REFS: Partial<Record<CallName, Record<string, ConfigRef>>> = {
  SaveQuestionnaire: { qid: 'ownQuestionnaire', schemaId: 'schemaId' },
  GetQuestionnaire: { qid: 'questionnaire' },
  SaveGetQuestion: { schemaId: 'schemaId' },
  SaveQuestions: { schemaId: 'schemaId' },
};

export const EFFECT_PARAM_REFS: Partial<Record<EffectName, Record<string, ConfigRef>>> = {
  clearDraft: { key: 'draft' },
  oauthRedirect: { targetPath: 'route' },
};
