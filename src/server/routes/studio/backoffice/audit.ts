/** Issue 23, the back office: audit (placeholder until built). */
import type { FastifyInstance } from 'fastify';

export async function studioAuditRoutes(_s: FastifyInstance): Promise<void> {}
