/**
 * Imports by Excel or CSV (contract/api/backoffice/imports.ts): choose what to
 * import, download its template, choose a file, check it (a dry run: every
 * problem with row, column and reason, nothing written), then import — the
 * button is enabled only after a clean check of that very file. The server
 * checks everything again when it applies (in one transaction). 只读 admins
 * see the kinds and download templates; the server would refuse the rest.
 */
import { useEffect, useId, useState } from 'react';
import type { ImportKindInfo, ImportKindsRes, ImportReq, ImportRes } from '../../../contract/api/backoffice/imports';
import { studioCall, studioFileUrl } from '../../api';
import { refusal } from '../refusal';
import { useRoles } from '../roles';
import { ErrorLine } from '../status';
import { ImportResult } from './ImportResult';
import './imports.css';

/** The file as base64 (without the data: prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(new Error('无法读取这个文件'));
    r.readAsDataURL(file);
  });
}

type Outcome = { res: ImportRes; dryRun: boolean; file: File; kind: string };

export default function ImportsView() {
  const { can } = useRoles();
  const ops = can('ops');
  const [info, setInfo] = useState<ImportKindsRes | null>(null);
  const [kind, setKind] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState('');
  const ids = { kind: useId(), file: useId() };

  useEffect(() => {
    studioCall<ImportKindsRes>('GET', '/imports')
      .then((r) => {
        setInfo(r);
        setKind((k) => k || r.kinds[0]?.kind || '');
      })
      .catch((e) => {
        const t = refusal(e);
        if (t !== null) setError(t);
      });
  }, []);

  const spec: ImportKindInfo | undefined = info?.kinds.find((k) => k.kind === kind);
  const clean = outcome && outcome.dryRun && outcome.res.ok && outcome.res.rows > 0 && outcome.file === file && outcome.kind === kind;

  const send = async (dryRun: boolean) => {
    if (!file || !info) return;
    setError('');
    if (file.size > info.maxBytes) {
      setOutcome(null);
      setError(`文件超过 ${info.maxBytes / 1024 / 1024} MB，请拆分成几个文件分批导入`);
      return;
    }
    setBusy(dryRun ? 'check' : 'apply');
    try {
      const body: ImportReq = { fileName: file.name, contentBase64: await readBase64(file), dryRun };
      const res = await studioCall<ImportRes>('POST', `/imports/${encodeURIComponent(kind)}`, body);
      setOutcome({ res, dryRun, file, kind });
    } catch (e) {
      setOutcome(null);
      const t = refusal(e);
      if (t !== null) setError(t);
    } finally {
      setBusy(null);
    }
  };

  if (!info) return error ? <p className="st-error" role="alert">{error}</p> : <p className="st-muted" role="status">正在载入…</p>;

  return (
    <div className="bo-imports">
      <div className="bo-toolbar">
        <label className="bo-imports-label" htmlFor={ids.kind}>导入内容</label>
        <select
          id={ids.kind}
          className="st-input"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value);
            setOutcome(null);
            setError('');
          }}
        >
          {info.kinds.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.title}
            </option>
          ))}
        </select>
        <a className="st-btn" href={studioFileUrl(`/imports/${kind}/template.xlsx`)} download>
          下载模板
        </a>
        <a className="st-btn" href={studioFileUrl(`/imports/${kind}/template.csv`)} download>
          下载 CSV 模板
        </a>
      </div>

      {spec && (
        <p className="st-muted bo-imports-cols">
          表头（第 1 行）：
          {spec.columns.map((c, i) => (
            <span key={c.header} title={c.note}>
              {i > 0 && '、'}
              {c.header}
              {c.required && <b className="bo-imports-req" aria-label="必填">*</b>}
            </span>
          ))}
          。带 * 的列必填；每个文件最多 {info.maxRows} 行、{info.maxBytes / 1024 / 1024} MB。
        </p>
      )}

      {ops ? (
        <div className="bo-toolbar">
          <label className="bo-imports-label" htmlFor={ids.file}>选择文件</label>
          <input
            id={ids.file}
            className="bo-imports-file"
            type="file"
            accept=".xlsx,.csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setOutcome(null);
              setError('');
            }}
          />
          <button type="button" className="st-btn" disabled={!file || busy !== null} onClick={() => send(true)}>
            {busy === 'check' ? '正在检查…' : '检查（不导入）'}
          </button>
          <button type="button" className="st-btn st-primary" disabled={!clean || busy !== null} onClick={() => send(false)} title={clean ? undefined : '请先检查这个文件，没有问题后才能导入'}>
            {busy === 'apply' ? '正在导入…' : '导入'}
          </button>
        </div>
      ) : (
        <p className="st-muted">你的账号为「只读」，可以下载模板，不能导入。</p>
      )}

      <ErrorLine text={error} />
      {outcome && outcome.kind === kind && <ImportResult res={outcome.res} dryRun={outcome.dryRun} />}
    </div>
  );
}
