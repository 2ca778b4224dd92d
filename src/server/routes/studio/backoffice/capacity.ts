/** Issue 23, the back office: capacity (placeholder until built). */
import type { FastifyInstance } from 'fastify';

export async function studioCapacityRoutes(_s: FastifyInstance): Promise<void> {}
