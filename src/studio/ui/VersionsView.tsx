/** Every published version (who, when, note) with one-click restore, and the export buttons. */
import { useCallback, useEffect, useState } from 'react';
import type { StudioVersionInfo } from '../../contract/api/studio';
import { studioApi } from '../api';
import { studio, useChanges, useStudio } from '../store';
import { NEEDS_CONFIG, useCanConfig } from './admins-can';

const SOURCE: Record<StudioVersionInfo['source'], string> = { files: '来自配置目录', publish: '发布', restore: '恢复' };

export function fmtTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function VersionsView() {
  const liveId = useStudio((s) => s.live?.live.id);
  const busy = useStudio((s) => s.busy);
  const canConfig = useCanConfig();
  const changes = useChanges();
  const [versions, setVersions] = useState<StudioVersionInfo[] | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const [written, setWritten] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setVersions((await studioApi.versions()).versions);
    } catch (e) {
      studio.fail(e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load, liveId]);

  const restore = async (id: number) => {
    setAsking(null);
    await studio.restore(id, `恢复版本 #${id}`);
    await load();
  };

  const writeOut = async () => {
    setWritten(null);
    try {
      const r = await studioApi.exportToServer();
      setWritten(`已把线上版本写入服务器的配置目录：${r.written.length} 个文件`);
    } catch (e) {
      studio.fail(e);
    }
  };

  return (
    <div className="st-versions">
      <section>
        <h2>版本记录</h2>
        <p className="st-muted">每次发布或恢复都会留下一个版本。恢复旧版本会生成一个新版本，随时可以再恢复回来。</p>
        {versions === null ? (
          <p>正在载入…</p>
        ) : (
          <table className="st-table">
            <thead>
              <tr>
                <th>版本</th>
                <th>时间</th>
                <th>修改人</th>
                <th>说明</th>
                <th>来源</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.id} className={v.id === liveId ? 'st-row-live' : ''} data-version={v.id}>
                  <td>
                    #{v.id}
                    {v.id === liveId ? <span className="st-chip st-chip-ok">线上</span> : null}
                  </td>
                  <td>{fmtTime(v.createdAt)}</td>
                  <td>{v.author === 'files' ? '（配置文件）' : v.author}</td>
                  <td>{v.note || <span className="st-muted">—</span>}</td>
                  <td>
                    {SOURCE[v.source]}
                    {v.restoredFrom ? ` #${v.restoredFrom}` : ''}
                  </td>
                  <td>
                    <div className="st-actions">
                    {v.id === liveId ? null : asking === v.id ? (
                      <>
                        <span className="st-muted">{changes.length ? `草稿中 ${changes.length} 个文件的改动将被放弃。` : ''}恢复到 #{v.id}？</span>
                        <button className="st-btn st-small st-primary" disabled={busy} onClick={() => void restore(v.id)}>
                          确认恢复
                        </button>
                        <button className="st-btn st-small" onClick={() => setAsking(null)}>
                          取消
                        </button>
                      </>
                    ) : (
                      <button className="st-btn st-small" disabled={!canConfig} title={canConfig ? undefined : NEEDS_CONFIG} onClick={() => setAsking(v.id)}>
                        恢复此版本
                      </button>
                    )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section>
        <h2>导出</h2>
        <p className="st-muted">导出的是线上版本（不含未发布的草稿）。</p>
        <div className="st-row">
          <a className="st-btn" href={studioApi.exportUrl} download>
            下载配置包（.tar.gz）
          </a>
          <button className="st-btn" disabled={!canConfig} title={canConfig ? undefined : NEEDS_CONFIG} onClick={() => void writeOut()}>
            写入服务器的配置目录
          </button>
        </div>
        {written ? (
          <p className="st-ok" role="status">
            {written}
          </p>
        ) : null}
      </section>
    </div>
  );
}
