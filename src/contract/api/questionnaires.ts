/**
 * Questionnaires: answers by openId or exam number, the list, patient facts.
 * Any questionnaire of the centre's registry (flows/app.yaml `questionnaires`)
 * is named by its id; the spec's calls name health and occupational by their fields.
 */

export interface GetPatientinfoReq { regno: string }
export interface PatientInfo { name: string; tel: string; lncName: string; idcard: string; age: number; sex: boolean; regno: string; flag: string }
/** returnData: JSON text of PatientInfo[] (empty list for an unknown regno). */
export type GetPatientinfoRes = string;

/** Optional beside every answer text: which questionnaire and schema version it was given in. */
export interface SchemaTag { schemaId?: string; schemaVersion?: string }

export interface GetQuestionReq { openId: string }
/** Each field is the saved JSON text, or '' when none was saved. */
export interface GetQuestionRes {
  occupationalDiseasesQs: string;
  ordinaryQs: string;
  /** The archived schema each text was given in (`versions/<schemaId>@<hash>.json`), '' when unknown. */
  occupationalDiseasesQsSchema?: string;
  ordinaryQsSchema?: string;
}

/** One saved answer by id (view mode); only the owner's openId may read it. */
export interface GetQuestionByIdReq { openId: string; id: string }
export interface GetQuestionByIdRes {
  id: string;
  title: string;
  kind: QuestionnaireKind;
  status: QuestionnaireStatus;
  submitTime: string;
  /** The saved JSON text ('' while pending). */
  body: string;
  schemaId: string | null;
  schemaVersion: string | null;
  /** Path below /schemas/ of the archived schema it was answered in, or null (then the current one). */
  schemaPath: string | null;
  /** A scored questionnaire's total and band label, stored with the answer (null / '' when not scored). */
  score: number | null;
  scoreLabel: string;
}

/** Any questionnaire of the registry owned by an openId: save the answer (JSON text), get it back. */
export interface SaveQuestionnaireReq extends SchemaTag { openId: string; qid: string; answers: string }
export interface SaveQuestionnaireRes { id: string; score: number | null; scoreLabel: string }
export interface GetQuestionnaireReq { openId: string; qid: string }
/** The user's answer, or an empty pending one (id '', body ''). */
export type GetQuestionnaireRes = GetQuestionByIdRes;

export interface SaveGetQuestionReq extends SchemaTag { openId: string; ordinaryQs?: string; occupationalDiseasesQs?: string }
export interface SaveGetQuestionRes { success: true }

export interface SaveQuestionsReq extends SchemaTag { regno: string; kw: string; questionZC: string }
export interface SaveQuestionsRes { success: true }

export interface GetQuestionListReq { openId: string }
/** A questionnaire id of the registry: 'health', 'occupational' or a centre's own. */
export type QuestionnaireKind = string;
export type QuestionnaireStatus = 'completed' | 'pending' | 'processing';
export interface QuestionListItem {
  id: string;
  title: string;
  /** 'YYYY-MM-DD HH:mm' (Asia/Shanghai), '' while pending. */
  submitTime: string;
  status: QuestionnaireStatus;
  kind: QuestionnaireKind;
  schemaId: string | null;
  schemaVersion: string | null;
}
export type GetQuestionListRes = QuestionListItem[];
