/**
 * The flow graph of the draft (as last checked): one flow or all, laid out by
 * dagre (./graph/layout.ts), drawn as SVG. Start, login and entry steps are
 * marked, unreachable ones flagged; clicking a step opens its YAML.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { layoutGraph, nodeMarks, nodeSubtitle, type PlacedEdge } from '../graph/layout';
import { studio, useStudio } from '../store';

function edgePath(e: PlacedEdge): string {
  const pts = e.points;
  if (pts.length < 2) return '';
  let d = `M${pts[0].x},${pts[0].y}`;
  if (pts.length === 2) return `${d} L${pts[1].x},${pts[1].y}`;
  // a smooth curve through dagre's points
  for (let i = 1; i < pts.length - 1; i++) {
    const mx = (pts[i].x + pts[i + 1].x) / 2;
    const my = (pts[i].y + pts[i + 1].y) / 2;
    d += ` Q${pts[i].x},${pts[i].y} ${i === pts.length - 2 ? `${pts[i + 1].x},${pts[i + 1].y}` : `${mx},${my}`}`;
  }
  return d;
}

export default function GraphView() {
  const graph = useStudio((s) => s.check.graph);
  const checked = useStudio((s) => s.check.revision >= 0);
  const openFile = useStudio((s) => s.openFile);
  // the open file's flow first (the whole config is large); '' shows every flow
  const [flow, setFlow] = useState<string>(() => graph.flows.find((f) => f.file === openFile)?.id ?? graph.flows.find((f) => f.id === 'home')?.id ?? '');
  const [zoom, setZoom] = useState(1);
  const [hover, setHover] = useState<PlacedEdge | null>(null);
  const layout = useMemo(() => (graph.nodes.length ? layoutGraph(graph, { flow: flow || undefined }) : null), [graph, flow]);
  // The caption counts what is shown: the chosen flow's steps and the jumps from them (all flows: everything).
  const shownNodes = flow ? graph.nodes.filter((n) => n.flow === flow) : graph.nodes;
  const shownIds = new Set(shownNodes.map((n) => n.id));
  const shownEdges = flow ? graph.edges.filter((e) => shownIds.has(e.from)) : graph.edges;
  const unreachable = shownNodes.filter((n) => n.unreachable);
  const canvas = useRef<HTMLDivElement>(null);
  const fit = () => {
    const el = canvas.current;
    if (!el || !layout) return;
    setZoom(Math.max(0.5, Math.min(1, (el.clientWidth - 8) / layout.width)));
  };
  // a new flow (or a new layout size): fit its width in the window (not below half size: the text must stay readable)
  useEffect(fit, [flow, layout?.width, layout?.height]);

  if (!checked) return <div className="st-center">检查草稿后显示流程图…</div>;
  return (
    <div className="st-graph">
      <div className="st-graph-tools">
        <label>
          流程：
          <select className="st-input" value={flow} onChange={(e) => setFlow(e.target.value)} aria-label="选择流程">
            <option value="">全部流程</option>
            {graph.flows.map((f) => (
              <option key={f.id} value={f.id}>
                {f.title ? `${f.title}（${f.id}）` : f.id}
              </option>
            ))}
          </select>
        </label>
        <button className="st-btn st-small" onClick={() => setZoom((z) => Math.min(2, z * 1.25))} aria-label="放大">
          ＋
        </button>
        <button className="st-btn st-small" onClick={() => setZoom((z) => Math.max(0.3, z / 1.25))} aria-label="缩小">
          －
        </button>
        <button className="st-btn st-small" onClick={() => setZoom(1)}>
          100%
        </button>
        <button className="st-btn st-small" onClick={fit}>
          适应窗口
        </button>
        <span className="st-legend">
          <span className="st-lg st-lg-start">首页/登录/入口</span>
          <span className="st-lg st-lg-bad">无法到达</span>
          <span className="st-lg st-lg-out">其他流程的步骤</span>
        </span>
        <span className="st-muted">
          {flow ? '这个流程' : '全部流程'}：{shownNodes.length} 个步骤，{shownEdges.length} 条跳转{unreachable.length ? `，${unreachable.length} 个无法到达` : ''}。点击步骤打开它的 YAML。
        </span>
      </div>
      {/* always there, one line high: a tip appearing would push the graph down under the pointer and flicker */}
      <div className="st-edge-tip" role="status" title={hover ? `${hover.from} → ${hover.to}：${hover.words}（写作 ${hover.label || '无条件'}，在 ${hover.at}）` : undefined}>
        {hover ? (
          <>
            {hover.from} → {hover.to}：{hover.words || '（无条件）'} <span className="st-muted">（写作 {hover.label || '无条件'}，在 {hover.at}）</span>
          </>
        ) : (
          <span className="st-muted">指向一条跳转，看它从哪一步到哪一步、由什么引起。</span>
        )}
      </div>
      <div className="st-graph-canvas" ref={canvas}>
        {layout ? (
          <svg width={layout.width * zoom} height={layout.height * zoom} viewBox={`0 0 ${layout.width} ${layout.height}`} role="img" aria-label="流程图">
            <defs>
              <marker id="st-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill="#7a8691" />
              </marker>
            </defs>
            {layout.edges.map((e, i) => (
              <g key={i} className={`st-edge st-edge-${e.kind}`} onMouseEnter={() => setHover(e)} onMouseLeave={() => setHover(null)}>
                <path d={edgePath(e)} markerEnd="url(#st-arrow)" />
                {e.shortLabel ? (
                  <text x={e.labelX} y={e.labelY + 4} textAnchor="middle">
                    <title>{`${e.words}（${e.label}）`}</title>
                    {e.shortLabel}
                  </text>
                ) : null}
              </g>
            ))}
            {layout.nodes.map((n) => {
              const m = nodeMarks(n);
              const cls = ['st-node', n.outside ? 'st-node-out' : '', n.unreachable ? 'st-node-bad' : '', n.start || n.login || n.entry || n.notFound ? 'st-node-entry' : ''].join(' ');
              return (
                <g
                  key={n.id}
                  className={cls}
                  transform={`translate(${n.x - n.width / 2},${n.y - n.height / 2})`}
                  onClick={() => studio.open(n.file, n.line, 3)}
                  role="button"
                  tabIndex={0}
                  aria-label={`步骤 ${n.id}${n.title ? ` ${n.title}` : ''}${m.length ? `（${m.join('、')}）` : ''}`}
                  data-step={n.id}
                  onKeyDown={(ev) => {
                    if (ev.key === 'Enter') studio.open(n.file, n.line, 3);
                  }}
                >
                  <title>{`${n.id} ${n.route ?? ''}\n${n.file}:${n.line}${n.screen ? `\nscreen: ${n.screen}` : ''}${m.length ? `\n${m.join('、')}` : ''}`}</title>
                  <rect width={n.width} height={n.height} rx={8} />
                  <text x={n.width / 2} y={19} textAnchor="middle" className="st-node-id">
                    {n.id}
                  </text>
                  <text x={n.width / 2} y={36} textAnchor="middle" className="st-node-title">
                    {nodeSubtitle(n)}
                  </text>
                </g>
              );
            })}
          </svg>
        ) : (
          <p className="st-muted">没有步骤。</p>
        )}
      </div>
    </div>
  );
}
