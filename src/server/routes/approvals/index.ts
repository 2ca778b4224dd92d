/**
 * Approver screens: VerifyDirectorReviewPwd (→ approver token), GetFreePerson,
 * UpdateFreePersonState, GetCardPerson, UpdateCardPerson. The four list/update
 * calls have auth 'approver' (defineCall checks x-approver-token; its subject
 * is the approver id) and take the approver's name from the approver row.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, defineCall, MSG_UNAUTHORIZED } from '../../plugins/call';
import {
  listCards,
  listFreePersons,
  loadApprover,
  updateCard,
  updateFreePersonState,
  verifyDirectorPassword,
  type Approver,
} from '../../services/approvals/approvals';
import type { UpdateCardPersonReq, UpdateFreePersonStateReq, VerifyDirectorReviewPwdReq } from '../../../contract/api/approvals';
import { business } from '../reports/errors';

export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.deps.clock.now();
  async function approver(req: FastifyRequest): Promise<Approver> {
    const a = await loadApprover(app.deps.db, req.authSubject);
    if (!a) throw new ApiError(MSG_UNAUTHORIZED, { status: 401 });
    return a;
  }

  defineCall<VerifyDirectorReviewPwdReq>(app, 'VerifyDirectorReviewPwd', {
    handler: async (body, req) =>
      business(async () => {
        const r = await verifyDirectorPassword(app.deps.db, { id: String(body.id), pwd: body.pwd, client: req.ip, now: now() });
        return { returnMsg: '登录成功', returnData: r };
      }),
  });

  defineCall(app, 'GetFreePerson', {
    handler: async (_body, req) => {
      await approver(req);
      return JSON.stringify(await listFreePersons(app.deps.db));
    },
  });

  defineCall<UpdateFreePersonStateReq>(app, 'UpdateFreePersonState', {
    handler: async (body, req) => {
      const a = await approver(req);
      return business(async () => {
        const r = await updateFreePersonState(app.deps.db, a, { ...body, now: now() });
        return { returnMsg: r.isPay === 'T' ? '审核通过' : '已驳回', returnData: r };
      });
    },
  });

  defineCall(app, 'GetCardPerson', {
    handler: async (_body, req) => {
      await approver(req);
      return JSON.stringify(await listCards(app.deps.db));
    },
  });

  defineCall<UpdateCardPersonReq>(app, 'UpdateCardPerson', {
    handler: async (body, req) => {
      const a = await approver(req);
      return business(async () => {
        const r = await updateCard(app.deps.db, a, { cardNo: body.idCard, status: body.status, claimedName: body.name, now: now() });
        return { returnMsg: r.status === '1' ? '审核通过' : '已驳回', returnData: r };
      });
    },
  });
}
