/**
 * The studio's config calls (src/contract/api/studio.ts): what is live, the
 * server's check of a draft, what the browser needs to run the same check,
 * publish, versions, restore and export. The session and CSRF are checked by
 * the enclosing plugin (index.ts). Publish, restore and the export into
 * CONFIG_DIR each write an audit entry (version ids, hashes, the files changed —
 * never whole file texts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  StudioFiles,
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
import { recordAudit, type AuditEntry } from '../../services/studio/audit';

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

/** Which config files differ between two versions (paths only: the texts are in the versions themselves). */
function filesChanged(before: StudioFiles, after: StudioFiles): { added: string[]; changed: string[]; removed: string[] } {
  const added = Object.keys(after).filter((f) => !(f in before)).sort();
  const removed = Object.keys(before).filter((f) => !(f in after)).sort();
  const changed = Object.keys(after).filter((f) => f in before && before[f] !== after[f]).sort();
  return { added, changed, removed };
}

const countOf = (d: ReturnType<typeof filesChanged>) => d.added.length + d.changed.length + d.removed.length;

export async function studioConfigRoutes(s: FastifyInstance, studio: StudioLive): Promise<void> {
  const big = { bodyLimit: STUDIO_BODY_LIMIT };
  let context: StudioCheckContextRes | undefined;

  /**
   * Publish and restore store their version in services/studio/versions.ts's own
   * transaction (recordVersion, inside StudioLive, which takes no audit entry), and
   * the export writes files, not rows: their entry is written right after the change
   * succeeded. Should that write fail, the change stands (answered as done: a retry
   * would publish twice) and the missing entry is logged as an error.
   */
  const auditAfter = async (req: FastifyRequest, e: AuditEntry) => {
    try {
      await recordAudit(s.deps.db, e, s.deps.clock.now());
    } catch (err) {
      req.log.error({ err, studioUser: e.actor, action: e.action, key: e.key }, 'studio: AUDIT ENTRY NOT WRITTEN for a config change that succeeded');
    }
  };

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
    // publish refused any other base: the draft started from baseVersion, which was live until now
    const base = await versionFiles(s.deps.db, b.baseVersion);
    const d = filesChanged(base?.files ?? {}, b.files);
    await auditAfter(req, {
      actor: version.author,
      action: 'publish',
      entity: 'config',
      key: String(version.id),
      summary: `发布配置版本 #${version.id}（改动 ${countOf(d)} 个文件）${version.note ? `：${version.note}` : ''}`,
      before: base ? { version: base.version.id, hash: base.version.hash } : null,
      after: { version: version.id, hash: version.hash, note: version.note, ...d },
    });
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
    const id = idOf(req.params.id);
    const note = noteOf(req.body?.note);
    // what was live just before (another publish in between would show as its own entry)
    const was = await liveFiles();
    const version = await studio.restore({ id, note, author: req.studioSession!.username });
    req.log.info({ studioUser: version.author, version: version.id, restoredFrom: version.restoredFrom }, 'studio: version restored');
    const now = await versionFiles(s.deps.db, version.id);
    const d = filesChanged(was.files, now?.files ?? {});
    await auditAfter(req, {
      actor: version.author,
      action: 'restore',
      entity: 'config',
      key: String(version.id),
      summary: `恢复配置版本 #${id} 为新版本 #${version.id}（改动 ${countOf(d)} 个文件）`,
      before: { version: was.version.id, hash: was.version.hash },
      after: { version: version.id, hash: version.hash, restoredFrom: id, note: version.note, ...d },
    });
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
    await auditAfter(req, {
      actor: req.studioSession!.username,
      action: 'export',
      entity: 'config',
      key: String(version.id),
      summary: `把线上版本 #${version.id} 写入服务器的配置目录（写入 ${r.written.length} 个、删除 ${r.removed.length} 个文件）`,
      before: null,
      after: { version: version.id, hash: version.hash, written: r.written, removed: r.removed },
    });
    return r;
  });
}
