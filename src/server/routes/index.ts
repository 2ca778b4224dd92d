/**
 * Route areas, each a function registering its calls with defineCall().
 * Core/booking areas first; the after-booking engineer adds theirs in the marked block.
 */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/index';
import { bookingRoutes } from './booking/index';

import { noticeRoutes } from './notice/index';
import { reportRoutes } from './reports/index';
import { approvalRoutes } from './approvals/index';
import { questionnaireRoutes } from './questionnaires/index';
import { payRecordRoutes } from './payrecords/index';

export type RouteArea = (app: FastifyInstance) => Promise<void> | void;

export const routeAreas: RouteArea[] = [
  authRoutes,
  bookingRoutes,
  // ---- after-booking areas (other server engineer): add yours below this line ----
  noticeRoutes,
  reportRoutes,
  approvalRoutes,
  questionnaireRoutes,
  payRecordRoutes,
  // ---- end of after-booking areas ----
];
