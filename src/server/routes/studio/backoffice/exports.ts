/** Issue 23, the back office: exports (placeholder until built). */
import type { FastifyInstance } from 'fastify';

export async function studioExportsRoutes(_s: FastifyInstance): Promise<void> {}
