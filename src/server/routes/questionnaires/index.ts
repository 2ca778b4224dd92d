/** GetPatientinfo, GetQuestion, SaveGetQuestion, SaveQuestions, GetQuestionList. */
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../plugins/call';
import {
  fileFormSchemaValidator,
  getByOpenId,
  listQuestionnaires,
  patientInfo,
  saveByOpenId,
  saveByRegno,
  type FormSchemaValidator,
} from '../../services/questionnaires';
import type {
  GetPatientinfoReq,
  GetQuestionListReq,
  GetQuestionReq,
  SaveGetQuestionReq,
  SaveQuestionsReq,
} from '../../../contract/after-booking';
import { business, chinaToday } from '../reports/errors';

export function questionnaireRoutesWith(opts: { schemas?: FormSchemaValidator } = {}) {
  return async function questionnaireRoutes(app: FastifyInstance): Promise<void> {
    const schemas = opts.schemas ?? fileFormSchemaValidator(undefined, (m) => app.log.warn(m));
    const now = () => app.deps.clock.now();

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

    defineCall<GetQuestionListReq>(app, 'GetQuestionList', {
      handler: async (body) => listQuestionnaires(app.deps.db, body.openId),
    });
  };
}

export const questionnaireRoutes = questionnaireRoutesWith();
