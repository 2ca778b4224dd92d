/**
 * The builder's side panels for one questionnaire: its registry entry in
 * flows/app.yaml (title, owner, 我的问卷, scoring bands) and 在手机上, what an
 * examinee needs to reach it. Split from BuilderView.tsx (the question list).
 * Every change goes through the builder's `change` (BuilderHistory.tsx), so
 * 撤销 takes it back like a change to a question.
 */
import { useMemo, useState } from 'react';
import type { Band, RegistryEntry } from '../questionnaire/model';
import { writeRegistry } from '../questionnaire/registry';
import { TILE_ICONS, addListBranch, addPage, addTile, readWiring } from '../questionnaire/wiring';
import { baseName } from '../files';
import { studio, useStudio } from '../store';
import type { BuilderChange, ChangeHow } from './BuilderHistory';

const APP = 'flows/app.yaml';
const NO_FILES: Record<string, string> = {};

/** The questionnaire's registry entry: title, owner, 我的问卷, scoring bands. */
export function RegistryPanel({ path, entry, range, change }: { path: string; entry?: RegistryEntry; range: { min: number; max: number }; change: BuilderChange }) {
  const app = useStudio((s) => s.draft?.files[APP] ?? '');
  const id = baseName(path).replace(/\.json$/, '');
  const write = (e: RegistryEntry, how: ChangeHow) => change({ [APP]: writeRegistry(app, e) }, how);
  if (!entry)
    return (
      <div className="st-box st-registry">
        <p className="st-muted">这个表单还没有登记为问卷（flows/app.yaml 的 questionnaires）。登记后服务器才会保存、计分并在“我的问卷”中列出它。</p>
        <button className="st-btn st-small" onClick={() => write({ id, title: id, schema: path.slice('schemas/'.length), owner: 'openid', listed: true, bands: [] }, { label: '登记为问卷' })}>
          登记为问卷
        </button>
      </div>
    );
  // typing in one band's field is one step (its key); see BuilderHistory.tsx
  const setBand = (i: number, patch: Partial<Band>) => {
    const field = 'max' in patch ? '最高分' : '结论';
    write({ ...entry, bands: entry.bands.map((b, j) => (j === i ? { ...b, ...patch } : b)) }, { label: `修改第 ${i + 1} 段的${field}`, key: `band.${i}.${field}` });
  };
  return (
    <div className="st-box st-registry" aria-label="问卷登记">
      <div className="st-row">
        <strong>问卷登记</strong>
        <span className="st-muted st-small-text">flows/app.yaml → questionnaires.{entry.id}</span>
      </div>
      <div className="st-row">
        <label className="st-field st-grow">
          <span>列表中的标题</span>
          <input className="st-input" value={entry.title} onChange={(e) => write({ ...entry, title: e.target.value }, { label: '修改列表中的标题', key: 'registry.title' })} />
        </label>
        <label className="st-field">
          <span>属于</span>
          <select className="st-input" value={entry.owner} onChange={(e) => write({ ...entry, owner: e.target.value as 'openid' | 'regno' }, { label: '修改问卷属于谁' })}>
            <option value="openid">用户本人</option>
            <option value="regno">体检号（团检成员）</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={entry.listed} onChange={(e) => write({ ...entry, listed: e.target.checked }, { label: e.target.checked ? '在“我的问卷”中列出' : '不在“我的问卷”中列出' })} /> 未填写时也在“我的问卷”中列出
        </label>
      </div>
      <div>
        <strong className="st-small-text">计分段</strong>
        <span className="st-muted st-small-text">
          （按总分落在第一个“最高分”不小于它的段；当前题目可得 {range.min}–{range.max} 分）
        </span>
        {entry.bands.map((b, i) => {
          // Where the band starts: the lowest possible total, or just above the band before it.
          const prev = entry.bands[i - 1]?.max;
          const unreachable = prev !== undefined && prev >= range.max;
          return (
          <div className="st-row" key={i}>
            <span className={`st-small-text st-band-range${unreachable ? ' st-band-bad' : ''}`} aria-label={`第 ${i + 1} 段分数范围`}>
              {prev === undefined ? `${range.min} 分起` : `高于 ${prev} 分`}
              {unreachable ? `：永远达不到（最高 ${range.max} 分）` : ''}
            </span>
            <label className="st-small-text">
              最高分 <input className="st-input st-score" type="number" value={Number.isFinite(b.max) ? b.max : ''} onChange={(e) => setBand(i, { max: Number(e.target.value) })} aria-label={`第 ${i + 1} 段最高分`} />
            </label>
            <label className="st-small-text st-grow st-band-label">
              结论 <input className="st-input" value={b.label} onChange={(e) => setBand(i, { label: e.target.value })} aria-label={`第 ${i + 1} 段结论`} />
            </label>
            <button
              className="st-btn st-small"
              onClick={() => write({ ...entry, bands: entry.bands.filter((_, j) => j !== i) }, { label: `删除第 ${i + 1} 段“${b.label}”`, deleted: `已删除计分段“${b.label}”` })}
              aria-label={`删除第 ${i + 1} 段`}
            >
              ×
            </button>
          </div>
          );
        })}
        <button
          className="st-btn st-small"
          onClick={() => write({ ...entry, bands: [...entry.bands, { max: (entry.bands[entry.bands.length - 1]?.max ?? range.min) + 5, label: '新结论' }] }, { label: '添加计分段' })}
        >
          添加计分段
        </button>
      </div>
    </div>
  );
}

/**
 * 在手机上: what an examinee needs to reach this questionnaire (its page, a
 * home tile, its branch in 我的问卷), each shown as there or missing, with the
 * button that writes the missing part (../questionnaire/wiring.ts).
 */
export function PhonePanel({ entry, change }: { entry: RegistryEntry; change: BuilderChange }) {
  const files = useStudio((s) => s.draft?.files ?? NO_FILES);
  const w = useMemo(() => readWiring(files, entry), [files, entry]);
  const [tileText, setTileText] = useState(entry.title);
  // an icon the home page does not show yet, so the new tile stands apart
  const [icon, setIcon] = useState(() => {
    const tiles = w.home && Array.isArray((w.home.step.props as { tiles?: unknown } | undefined)?.tiles) ? ((w.home.step.props as { tiles: Array<{ icon?: unknown }> }).tiles) : [];
    const used = new Set(tiles.map((t) => t?.icon));
    return (TILE_ICONS.find((i) => !used.has(i.name)) ?? TILE_ICONS[0]).name;
  });
  const done = (ok: boolean) => <span className={`st-chip ${ok ? 'st-chip-ok' : 'st-chip-bad'}`}>{ok ? '已有' : '还没有'}</span>;
  return (
    <div className="st-box st-phone-wiring" aria-label="在手机上">
      <div className="st-row">
        <strong>在手机上</strong>
        <span className="st-muted st-small-text">体检者要能打开这份问卷，需要下面三样；缺的可以一键添加，添加后在“编辑”里也能继续修改。</span>
      </div>
      <div className="st-row st-wiring-row" data-part="page">
        {done(!!w.page)}
        <span className="st-grow">
          填写页面
          {w.page ? (
            <>
              ：步骤 <code>{w.page.id}</code>（{w.page.file}）{' '}
              <button className="st-link" onClick={() => studio.open(w.page!.file)}>
                打开
              </button>
            </>
          ) : (
            <span className="st-muted st-small-text">（填写、提交并计分；在“我的问卷”里查看已提交的答案）</span>
          )}
        </span>
        {!w.page ? (
          w.cannotGenerate ? (
            <span className="st-muted st-small-text">{w.cannotGenerate}</span>
          ) : (
            <button className="st-btn st-small st-primary" onClick={() => change(addPage(files, entry, entry.title || entry.id), { label: '生成填写页面' })}>
              生成填写页面
            </button>
          )
        ) : null}
      </div>
      <div className="st-row st-wiring-row" data-part="tile">
        {done(!!w.tile)}
        <span className="st-grow">
          首页入口
          {w.tile ? `：“${w.tile.text}”` : null}
        </span>
        {!w.tile && w.page && w.home ? (
          <>
            {/* the tile's text is not in the draft until added: Ctrl+Z here is the browser's own */}
            <label className="st-small-text" data-own-undo="">
              入口文字 <input className="st-input" value={tileText} onChange={(e) => setTileText(e.target.value)} aria-label="入口文字" maxLength={8} />
            </label>
            <label className="st-small-text">
              图标{' '}
              <select className="st-input" value={icon} onChange={(e) => setIcon(e.target.value)} aria-label="入口图标">
                {TILE_ICONS.map((i) => (
                  <option key={i.name} value={i.name}>
                    {i.label}
                  </option>
                ))}
              </select>
            </label>
            <button className="st-btn st-small st-primary" disabled={!tileText.trim()} onClick={() => change(addTile(files, w, tileText.trim(), icon), { label: '添加首页入口' })}>
              添加首页入口
            </button>
          </>
        ) : !w.tile ? (
          <span className="st-muted st-small-text">{w.home ? '先生成填写页面' : '没有找到首页（页面类型为 menu 的步骤）'}</span>
        ) : null}
      </div>
      <div className="st-row st-wiring-row" data-part="list">
        {done(w.listBranch)}
        <span className="st-grow">“我的问卷”中可以打开查看</span>
        {!w.listBranch && w.page && w.list ? (
          <button className="st-btn st-small st-primary" onClick={() => change(addListBranch(files, w, entry), { label: '加入“我的问卷”' })}>
            加入“我的问卷”
          </button>
        ) : !w.listBranch ? (
          <span className="st-muted st-small-text">{w.list ? '先生成填写页面' : '没有找到“我的问卷”步骤'}</span>
        ) : null}
      </div>
    </div>
  );
}
