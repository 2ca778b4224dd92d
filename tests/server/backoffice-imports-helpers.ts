/**
 * The back office's server tests (imports, groups): a seeded store with the
 * studio on top, the demo admin (配置 + 运营) and a 只读 admin signed in, the
 * examinee calls through a client token, and sheets made with exceljs.
 */
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { CALLS, type CallName } from '../../src/contract/calls';
import { centreDay } from '../../src/contract/rules/centre-day';
import { seedAll } from '../../src/server/seed/index';
import { addStudioAdmin } from '../../src/server/services/studio/admins';
import { freshStore, testClock, type TestStore } from './core-helpers';
import { signIn, startInstance, type Admin, type StudioInstance } from './studio-helpers';

export const VIEWER = 'viewer';
export const VIEWER_PASSWORD = 'viewer-password-2026';

export interface BackOffice {
  store: TestStore;
  s: StudioInstance;
  admin: Admin;
  viewer: Admin;
  today: string;
  /** An examinee call with the client token. */
  call(name: CallName, body: unknown): Promise<{ success: boolean; returnMsg: string; returnData: any }>;
  count(sql: string, params?: Array<string | number>): Promise<number>;
  close(): Promise<void>;
}

export async function startBackOffice(): Promise<BackOffice> {
  const store = await freshStore();
  const clock = testClock();
  const today = centreDay(clock.now());
  await seedAll(store.db, { today, nowMs: clock.now() });
  await addStudioAdmin(store.db, VIEWER, VIEWER_PASSWORD, ['readonly'], 'admin', clock.now());
  const s = await startInstance(store.db, { clock });
  const admin = await signIn(s.app);
  const viewer = await signIn(s.app, VIEWER, VIEWER_PASSWORD);
  const c = s.app.deps.config.tokenClient;
  const tk = await s.app.inject({ method: 'POST', url: `/api/${CALLS.GetToken.path}`, payload: { grant_type: 'password', client_id: c.client_id, client_secret: c.client_secret, name: c.name, password: c.password, scope: 'api1' } });
  const token = (tk.json() as { returnData: { access_token: string } }).returnData.access_token;
  return {
    store,
    s,
    admin,
    viewer,
    today,
    async call(name, body) {
      const r = await s.app.inject({ method: 'POST', url: `/api/${CALLS[name].path}`, payload: body as object, headers: { authorization: `Bearer ${token}` } });
      return r.json();
    },
    async count(sql, params = []) {
      return Number((await store.db.one<{ n: number | string }>(sql, params))!.n);
    },
    async close() {
      await s.close();
      await store.cleanup();
    },
  };
}

export type Cell = string | number | Date | null;

/** An .xlsx whose first sheet holds `rows` (row 1 the headers); text cells are typed as text. */
export async function xlsxOf(rows: Cell[][], opts: { textColumns?: number[]; extraSheet?: boolean } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const c of opts.textColumns ?? []) ws.getColumn(c).numFmt = '@';
  for (const r of rows) ws.addRow(r);
  if (opts.extraSheet) wb.addWorksheet('说明').addRow(['这一页不导入']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const csvOf = (rows: string[][], bom = true) => Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(rows.map((r) => r.join(',')).join('\r\n') + '\r\n', 'utf8')]);

let gbkTable: Map<string, number[]> | null = null;
/** GBK bytes of text (Node encodes only UTF-8: the table is built from the decoder). */
export function gbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const dec = new TextDecoder('gbk');
    for (let a = 0x81; a <= 0xfe; a++)
      for (let b = 0x40; b <= 0xfe; b++) {
        if (b === 0x7f) continue;
        const ch = dec.decode(Uint8Array.from([a, b]));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, [a, b]);
      }
  }
  const out: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out.push(ch.charCodeAt(0));
    else out.push(...gbkTable.get(ch)!);
  }
  return Buffer.from(out);
}

export async function postImport(a: Admin, kind: string, fileName: string, content: Buffer, dryRun: boolean): Promise<LightMyRequestResponse> {
  return a.post(`/api/studio/imports/${kind}`, { fileName, contentBase64: content.toString('base64'), dryRun });
}
