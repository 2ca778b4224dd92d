/**
 * A small tar writer (POSIX ustar, plus a pax header for a path that does not
 * fit ustar's fields or is not ASCII, so Chinese file names come out right)
 * and gzip by node:zlib: the studio's export of a version as a .tar.gz. Only
 * regular files; directories are implied by the paths, as tar extracts them.
 */
import { gzipSync } from 'node:zlib';

const BLOCK = 512;

function octal(n: number, width: number): string {
  return `${n.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x', mtime: number, prefix = ''): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(mtime, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii'); // checksum counted as spaces
  h.write(type, 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

const pad = (n: number) => Buffer.alloc((BLOCK - (n % BLOCK)) % BLOCK);

/** ustar's name/prefix split of a path, or null when it needs a pax header. */
function ustarName(path: string): { name: string; prefix: string } | null {
  if (!/^[\x20-\x7e]+$/.test(path)) return null;
  if (path.length <= 100) return { name: path, prefix: '' };
  for (let i = path.indexOf('/'); i > 0; i = path.indexOf('/', i + 1)) {
    if (i <= 155 && path.length - i - 1 <= 100) return { name: path.slice(i + 1), prefix: path.slice(0, i) };
  }
  return null;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (String(len).length + Buffer.byteLength(body) !== len) len = String(len).length + Buffer.byteLength(body);
  return `${len}${body}`;
}

/** The files (path → text) as a tar archive. */
export function tarFiles(files: Record<string, string>, mtimeMs: number): Buffer {
  const mtime = Math.floor(mtimeMs / 1000);
  const parts: Buffer[] = [];
  for (const [path, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const fits = ustarName(path);
    if (!fits) {
      const pax = Buffer.from(paxRecord('path', path), 'utf8');
      parts.push(header('PaxHeader', pax.length, 'x', mtime), pax, pad(pax.length));
    }
    const short = fits ?? { name: path.replace(/[^\x20-\x7e]/g, '_').slice(-100), prefix: '' };
    parts.push(header(short.name, data.length, '0', mtime, short.prefix), data, pad(data.length));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

export function tarGzFiles(files: Record<string, string>, mtimeMs: number): Buffer {
  return gzipSync(tarFiles(files, mtimeMs));
}
