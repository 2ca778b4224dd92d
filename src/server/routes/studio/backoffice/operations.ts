/** Issue 23, the back office: operations (placeholder until built). */
import type { FastifyInstance } from 'fastify';

export async function studioOperationsRoutes(_s: FastifyInstance): Promise<void> {}
