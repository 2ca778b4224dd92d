/** Issue 23, the back office: imports (placeholder until built). */
import type { FastifyInstance } from 'fastify';

export async function studioImportsRoutes(_s: FastifyInstance): Promise<void> {}
