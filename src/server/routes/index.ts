/** Route areas by domain, each a function registering its calls with defineCall(). */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/index';
import { bookingRoutes } from './booking/index';
import { orderRoutes } from './orders/index';
import { groupRoutes } from './groups/index';
import { noticeRoutes } from './notice/index';
import { reportRoutes } from './reports/index';
import { approvalRoutes } from './approvals/index';
import { questionnaireRoutes } from './questionnaires/index';
import { payRecordRoutes } from './payrecords/index';
import { hisRoutes } from './his/index';

export type RouteArea = (app: FastifyInstance) => Promise<void> | void;

export const routeAreas: RouteArea[] = [
  authRoutes,
  bookingRoutes,
  orderRoutes,
  groupRoutes,
  noticeRoutes,
  reportRoutes,
  approvalRoutes,
  questionnaireRoutes,
  payRecordRoutes,
  hisRoutes,
];
