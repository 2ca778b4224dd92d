/**
 * The studio export's tar writer (src/server/services/studio/tar.ts): what the
 * system's tar extracts is exactly the files given, Chinese and long paths too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tarGzFiles } from '../../src/server/services/studio/tar';

describe('tarGzFiles', () => {
  it('extracts with tar to the same files (ustar names, a pax path for non-ASCII and long paths)', () => {
    const long = `schemas/${'deep/'.repeat(25)}form.json`;
    const files = {
      'flows/messages.yaml': 'messages:\n  paySuccess: 支付成功\n',
      'schemas/forms/体检问卷.json': '{"title":"体检问卷"}',
      [long]: '{}',
      'schemas/empty.json': '',
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-tar-'));
    try {
      fs.writeFileSync(path.join(dir, 'x.tar.gz'), tarGzFiles(files, Date.UTC(2026, 0, 2, 12)));
      execFileSync('tar', ['-xzf', 'x.tar.gz'], { cwd: dir });
      for (const [p, text] of Object.entries(files)) expect(fs.readFileSync(path.join(dir, p), 'utf8'), p).toBe(text);
      const listed = execFileSync('tar', ['-tzvf', 'x.tar.gz'], { cwd: dir, encoding: 'utf8' });
      expect(listed).toContain('2026-01-02');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
