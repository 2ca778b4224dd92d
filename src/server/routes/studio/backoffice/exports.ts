/**
 * The back office's Excel exports (issue 23; contract/api/backoffice/exports.ts):
 * bookings of a date range, the answers of one questionnaire, and the list of
 * questionnaires with answers. GETs every admin may call; full ID and phone
 * numbers only for a role that sees them (seesPersonalNumbers), masked otherwise.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_PATHS, exportRangeProblem, type ExportQuestionnairesRes } from '../../../../contract/api/backoffice/exports';
import { seesPersonalNumbers } from '../../../../contract/rules/studio-roles';
import { StudioFailure } from '../../../services/studio/live-sync';
import { DEFAULT_QUESTIONNAIRES } from '../../../services/questionnaires/validation';
import { bookingsXlsx } from '../../../services/backoffice/exports/bookings';
import { answerSheet, answersXlsx, questionnairesWithAnswers, type AnswerSource } from '../../../services/backoffice/exports/answers';
import { attachment } from '../../../services/backoffice/exports/workbook';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function studioExportsRoutes(s: FastifyInstance): Promise<void> {
  const { db, config } = s.deps;
  /** The questionnaires and schemas of the version served now. */
  const source = (): AnswerSource => ({
    registry: s.deps.live?.current.config.app.questionnaires ?? DEFAULT_QUESTIONNAIRES,
    schemas: (s.deps.formSchemas ?? s.deps.live?.current.config.schemas ?? {}) as Record<string, object>,
  });
  const range = (req: FastifyRequest) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const problem = exportRangeProblem(q.from, q.to);
    if (problem) throw new StudioFailure(400, problem);
    return { from: String(q.from), to: String(q.to), q };
  };
  const full = (req: FastifyRequest) => seesPersonalNumbers(req.studioSession!.roles);
  const send = (reply: FastifyReply, file: Buffer, ascii: string, name: string) =>
    reply.type(XLSX).header('content-disposition', attachment(ascii, name)).send(file);

  s.get(EXPORT_PATHS.questionnaires, async (req) => ({ questionnaires: await questionnairesWithAnswers(db, source()), fullNumbers: full(req) }) satisfies ExportQuestionnairesRes);

  s.get(EXPORT_PATHS.bookings, async (req, reply) => {
    const { from, to } = range(req);
    const file = await bookingsXlsx(db, from, to, full(req), config.isUsePay);
    req.log.info({ studioUser: req.studioSession!.username, from, to, fullNumbers: full(req) }, 'studio: bookings exported');
    return send(reply, file, `bookings-${from}-${to}.xlsx`, `预约订单_${from}_${to}.xlsx`);
  });

  s.get(EXPORT_PATHS.answers, async (req, reply) => {
    const { from, to, q } = range(req);
    const kind = typeof q.questionnaire === 'string' ? q.questionnaire : '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(kind)) throw new StudioFailure(400, '请选择问卷');
    const sheet = await answerSheet(db, source(), kind, from, to, full(req));
    if (!sheet) throw new StudioFailure(404, '没有这个问卷');
    req.log.info({ studioUser: req.studioSession!.username, questionnaire: kind, from, to, rows: sheet.rows.length, fullNumbers: full(req) }, 'studio: answers exported');
    return send(reply, await answersXlsx(sheet), `answers-${kind}-${from}-${to}.xlsx`, `${sheet.title}_${from}_${to}.xlsx`);
  });
}
