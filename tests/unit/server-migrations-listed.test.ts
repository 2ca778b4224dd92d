import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/migrations/index';

describe('migrations', () => {
  it('every NNN_name.ts file is listed, in order, once (the compiled server carries only the list)', () => {
    const files = readdirSync('src/server/migrations')
      .filter((f) => /^\d{3}_[\w-]+\.ts$/.test(f))
      .map((f) => f.slice(0, -3))
      .sort();
    expect(MIGRATIONS.map((m) => m.id)).toEqual(files);
    for (const m of MIGRATIONS) expect(typeof m.up).toBe('function');
  });
});
