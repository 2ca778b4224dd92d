/**
 * The studio's config calls (src/contract/api/studio.ts): what is live, the
 * server's check of a draft, what the browser needs to run the same check,
 * publish, versions, restore and export. The session and CSRF are checked by
 * the enclosing plugin (index.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type {
  StudioCheckContextRes,
  StudioCheckReq,
  StudioCheckRes,
  StudioConfigRes,
  StudioExportRes,
  StudioPublishReq,
  StudioPublishRes,
  StudioVersionRes,
  StudioVersionsRes,
} from '../../../contract/api/studio';
import { readMetaSchema } from '../../../engine/config/check';
import { registriesFor } from '../../config-registries';
import { PACKAGE_SCHEMAS } from '../../paths';
import { studioBody } from './body';
import { exportToDir } from '../../services/studio/export-files';
import { MSG_NO_VERSION, StudioFailure, type StudioLive } from '../../services/studio/live-sync';
import { tarGzFiles } from '../../services/studio/tar';
import { listVersions, versionFiles } from '../../services/studio/versions';

/** A whole config (about 160 KB today) with room to grow. */
export const STUDIO_BODY_LIMIT = 8 * 1024 * 1024;
const NOTE_MAX = 500;

function noteOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string' || v.length > NOTE_MAX) throw new StudioFailure(400, `说明最多 ${NOTE_MAX} 个字`);
  return v.trim();
}

function idOf(v: string): number {
  const id = Number(v);
  if (!Number.isInteger(id) || id < 1) throw new StudioFailure(404, MSG_NO_VERSION);
  return id;
}

export async function studioConfigRoutes(s: FastifyInstance, studio: StudioLive): Promise<void> {
  const big = { bodyLimit: STUDIO_BODY_LIMIT };
  let context: StudioCheckContextRes | undefined;

  const liveFiles = async () => {
    const live = await studio.ensureLive();
    const v = await versionFiles(s.deps.db, live.id);
    if (!v) throw new StudioFailure(404, MSG_NO_VERSION);
    return v;
  };

  s.get('/config', async (): Promise<StudioConfigRes> => {
    studio.warmCheck(); // the page opens with this call; its first check follows
    const v = await liveFiles();
    return { live: v.version, files: v.files };
  });

  // In the check worker (services/studio/check-pool.ts): this instance keeps answering meanwhile.
  s.post('/check', big, async (req): Promise<StudioCheckRes> => ({ errors: (await studio.check(studioBody<StudioCheckReq>('StudioCheck', req.body).files)).errors }));

  // The same registries and format the server checks with: the browser's check agrees with publish's.
  s.get('/check-context', async (): Promise<StudioCheckContextRes> => {
    if (!context) {
      const editorDir = path.join(PACKAGE_SCHEMAS, 'meta/editor');
      const editor = Object.fromEntries(
        fs
          .readdirSync(editorDir)
          .filter((f) => f.endsWith('.schema.json'))
          .sort()
          .map((f) => [f.slice(0, -'.schema.json'.length), JSON.parse(fs.readFileSync(path.join(editorDir, f), 'utf8')) as object]),
      );
      const r = registriesFor(studio.configDir);
      context = {
        registries: { calls: r.calls, screens: r.screens, widgets: r.widgets, effects: r.effects, functions: r.functions, messages: r.messages, serverMessages: r.serverMessages },
        meta: readMetaSchema(),
        editor,
      };
    }
    return context;
  });

  s.post('/publish', big, async (req): Promise<StudioPublishRes> => {
    const b = studioBody<StudioPublishReq>('StudioPublish', req.body);
    const version = await studio.publish({ files: b.files, note: b.note.trim(), author: req.studioSession!.username, baseVersion: b.baseVersion });
    req.log.info({ studioUser: version.author, version: version.id, hash: version.hash }, 'studio: version published');
    return { version };
  });

  s.get('/versions', async (): Promise<StudioVersionsRes> => {
    const live = await studio.ensureLive();
    return { live: live.id, versions: await listVersions(s.deps.db) };
  });

  s.get<{ Params: { id: string } }>('/versions/:id', async (req): Promise<StudioVersionRes> => {
    const v = await versionFiles(s.deps.db, idOf(req.params.id));
    if (!v) throw new StudioFailure(404, MSG_NO_VERSION);
    return v;
  });

  s.post<{ Params: { id: string }; Body: { note?: string } | undefined }>('/versions/:id/restore', async (req): Promise<StudioPublishRes> => {
    const version = await studio.restore({ id: idOf(req.params.id), note: noteOf(req.body?.note), author: req.studioSession!.username });
    req.log.info({ studioUser: version.author, version: version.id, restoredFrom: version.restoredFrom }, 'studio: version restored');
    return { version };
  });

  s.get('/export', async (_req, reply) => {
    const { version, files } = await liveFiles();
    reply
      .type('application/gzip')
      .header('content-disposition', `attachment; filename="checkup-config-v${version.id}-${version.hash}.tar.gz"`);
    return tarGzFiles(files, Date.parse(version.createdAt));
  });

  // Writes this instance's CONFIG_DIR only (each instance has its own disk).
  s.post('/export', async (req): Promise<StudioExportRes> => {
    const dir = studio.live.configDir;
    if (!dir) throw new StudioFailure(409, '此服务器未跟随配置目录（CONFIG_DIR），无法写出文件');
    const { version, files } = await liveFiles();
    const r = exportToDir(dir, files);
    req.log.info({ studioUser: req.studioSession!.username, version: version.id, written: r.written.length, removed: r.removed.length }, 'studio: live version written into CONFIG_DIR');
    return r;
  });
}
