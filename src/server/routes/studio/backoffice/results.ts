/**
 * 问卷统计 (issue 25; contract/api/backoffice/results.ts): the questionnaires and
 * branches to choose from, and one questionnaire's counts for a range and a
 * branch. GETs every admin may call, as the exports (只读 reads everything):
 * the answer carries counts only, nothing personal to mask.
 */
import type { FastifyInstance } from 'fastify';
import { exportRangeProblem } from '../../../../contract/api/backoffice/exports';
import { RESULTS_PATHS, type ResultsOptionsRes, type ResultsRes } from '../../../../contract/api/backoffice/results';
import { StudioFailure } from '../../../services/studio/live-sync';
import { DEFAULT_QUESTIONNAIRES } from '../../../services/questionnaires/validation';
import type { AnswerSource } from '../../../services/backoffice/exports/answers';
import { branchNameOf, resultOptions, resultsSummary } from '../../../services/backoffice/results/summary';

type Query = { Querystring: Record<string, unknown> };

export async function studioResultsRoutes(s: FastifyInstance): Promise<void> {
  const { db } = s.deps;
  /** The questionnaires and schemas of the version served now (as the exports read them). */
  const source = (): AnswerSource => ({
    registry: s.deps.live?.current.config.app.questionnaires ?? DEFAULT_QUESTIONNAIRES,
    schemas: (s.deps.formSchemas ?? s.deps.live?.current.config.schemas ?? {}) as Record<string, object>,
  });

  s.get(RESULTS_PATHS.options, async () => (await resultOptions(db, source())) satisfies ResultsOptionsRes);

  s.get<Query>(RESULTS_PATHS.summary, async (req) => {
    const q = req.query ?? {};
    const kind = typeof q.questionnaire === 'string' ? q.questionnaire : '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(kind)) throw new StudioFailure(400, '请选择问卷');
    const problem = exportRangeProblem(q.from, q.to);
    if (problem) throw new StudioFailure(400, problem);
    const branch = q.branch === undefined ? '' : q.branch;
    if (typeof branch !== 'string' || branch.length > 20) throw new StudioFailure(400, '没有这个院区');
    const branchName = await branchNameOf(db, branch);
    if (branchName === undefined) throw new StudioFailure(400, '没有这个院区');
    const res = await resultsSummary(db, source(), { kind, from: String(q.from), to: String(q.to), branch, branchName });
    if (!res) throw new StudioFailure(404, '没有这个问卷');
    req.log.info({ studioUser: req.studioSession!.username, questionnaire: kind, from: res.from, to: res.to, branch, completed: res.completed }, 'studio: questionnaire results read');
    return res satisfies ResultsRes;
  });
}
