/**
 * GetPatientinfo, GetQuestion, SaveGetQuestion, SaveQuestions, GetQuestionList,
 * GetQuestionById; archives the current questionnaire schemas at start and
 * serves archived versions at GET /schemas/versions/<schemaId>@<hash>.json.
 */
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../plugins/call';
import {
  archiveCurrentSchemas,
  archivedSchemaText,
  configFormSchemaValidator,
  fileFormSchemaValidator,
  getById,
  getByOpenId,
  parseArchivedPath,
  listQuestionnaires,
  patientInfo,
  saveByOpenId,
  saveByRegno,
  type FormSchemaValidator,
  DEFAULT_QUESTIONNAIRES,
  getQuestionnaire,
  saveQuestionnaire,
} from '../../services/questionnaires';
import type { GetPatientinfoReq, GetQuestionByIdReq, GetQuestionListReq, GetQuestionReq, GetQuestionnaireReq, SaveGetQuestionReq, SaveQuestionnaireReq, SaveQuestionsReq } from '../../../contract/api/questionnaires';
import { business, chinaToday } from '../reports/errors';

export function questionnaireRoutesWith(opts: { schemas?: FormSchemaValidator } = {}) {
  return async function questionnaireRoutes(app: FastifyInstance): Promise<void> {
    const log = (m: string) => app.log.warn(m);
    // The served config's schemas (CONFIG_DIR, the version served now) when the server has one, else the repository's files.
    // The registry (flows/app.yaml `questionnaires`) of that same version says which questionnaires exist.
    const byConfig = new WeakMap<object, FormSchemaValidator>();
    const files = opts.schemas ?? (app.deps.formSchemas ? null : fileFormSchemaValidator(undefined, log));
    const current = (): FormSchemaValidator => {
      if (files) return files;
      const cfg = app.deps.formSchemas as Record<string, unknown>;
      let v = byConfig.get(cfg);
      if (!v) byConfig.set(cfg, (v = configFormSchemaValidator(cfg, log, app.deps.live?.current.config.app.questionnaires ?? DEFAULT_QUESTIONNAIRES)));
      return v;
    };
    const schemas: FormSchemaValidator = {
      validate: (...a) => current().validate(...a),
      describe: (...a) => current().describe(...a),
      current: (...a) => current().current?.(...a) ?? null,
      schemaOf: (...a) => current().schemaOf?.(...a) ?? null,
      get registry() {
        return current().registry;
      },
    };
    const now = () => app.deps.clock.now();
    const archive = () => archiveCurrentSchemas(app.deps.db, schemas, now()).catch((e: Error) => app.log.error({ err: e }, 'questionnaire schema archive failed'));
    // The current versions are servable before anyone saves (and survive later edits of the files).
    app.addHook('onReady', archive);
    app.deps.live?.onSwap(() => void archive());

    // Archived questionnaire schemas (view mode of an answer given in an older version).
    // Only `versions/<id>@<16 hex>.json` names, read from the DB: no file-system access.
    app.get('/schemas/versions/*', async (req, reply) => {
      const name = `versions/${(req.params as { '*': string })['*']}`;
      const key = parseArchivedPath(name);
      const text = key ? await archivedSchemaText(app.deps.db, key.schemaId, key.hash) : null;
      if (text === null) {
        reply.code(404);
        return { success: false, returnMsg: '配置不存在', returnData: null };
      }
      // Content-addressed: a version never changes.
      reply.header('cache-control', 'public, max-age=31536000, immutable').type('application/json; charset=utf-8');
      return text;
    });

    defineCall<GetPatientinfoReq>(app, 'GetPatientinfo', {
      handler: async (body) => JSON.stringify(await patientInfo(app.deps.db, body.regno, chinaToday(now()))),
    });

    defineCall<GetQuestionReq>(app, 'GetQuestion', {
      handler: async (body) => getByOpenId(app.deps.db, body.openId),
    });

    defineCall<SaveGetQuestionReq>(app, 'SaveGetQuestion', {
      handler: async (body) =>
        business(async () => {
          await saveByOpenId(app.deps.db, { ...body, now: now() }, schemas);
          return { returnMsg: '问卷提交成功', returnData: { success: true } };
        }),
    });

    defineCall<SaveQuestionsReq>(app, 'SaveQuestions', {
      handler: async (body) =>
        business(async () => {
          await saveByRegno(app.deps.db, { ...body, now: now() }, schemas);
          return { returnMsg: '同步成功', returnData: { success: true } };
        }),
    });

    defineCall<GetQuestionByIdReq>(app, 'GetQuestionById', {
      // Only the owner's openid-bound token gets here (CALLS.GetQuestionById.owner, checked by defineCall).
      handler: async (body) => business(async () => getById(app.deps.db, body.openId, body.id)),
    });

    defineCall<GetQuestionListReq>(app, 'GetQuestionList', {
      handler: async (body) => listQuestionnaires(app.deps.db, body.openId, schemas.registry ?? DEFAULT_QUESTIONNAIRES),
    });

    defineCall<SaveQuestionnaireReq>(app, 'SaveQuestionnaire', {
      handler: async (body) =>
        business(async () => {
          const saved = await saveQuestionnaire(app.deps.db, { ...body, now: now() }, schemas);
          return { returnMsg: '问卷提交成功', returnData: saved };
        }),
    });

    defineCall<GetQuestionnaireReq>(app, 'GetQuestionnaire', {
      handler: async (body) => business(async () => getQuestionnaire(app.deps.db, body.openId, body.qid, schemas)),
    });
  };
}

export const questionnaireRoutes = questionnaireRoutesWith();
