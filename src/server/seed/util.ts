import { createHash } from 'node:crypto';

/** Idempotency key for seeded orders (never matches a real request). */
export function idemKeyFor(id: string): string {
  return createHash('sha256').update(`seed|${id}`).digest('hex');
}
