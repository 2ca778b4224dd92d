/** Issue 23, the back office: groups (placeholder until built). */
import type { FastifyInstance } from 'fastify';

export async function studioGroupsRoutes(_s: FastifyInstance): Promise<void> {}
