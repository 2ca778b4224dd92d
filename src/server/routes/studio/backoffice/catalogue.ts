/** Issue 23, the back office: catalogue (placeholder until built). */
import type { FastifyInstance } from 'fastify';

export async function studioCatalogueRoutes(_s: FastifyInstance): Promise<void> {}
