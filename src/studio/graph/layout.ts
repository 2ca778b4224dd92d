/**
 * Places the flow graph with dagre (layered, left to right): node boxes sized
 * by their text, edges routed with their labels. One flow at a time, or all:
 * a flow's view also shows the steps of other flows its edges touch (as
 * outside nodes). Pure: the SVG view draws what this returns.
 */
import dagre from '@dagrejs/dagre';
import type { FlowGraph, GraphEdge, GraphNode } from './build';

export interface PlacedNode extends GraphNode {
  x: number;
  y: number;
  width: number;
  height: number;
  /** A step of another flow, shown because an edge touches it. */
  outside: boolean;
}

export interface PlacedEdge extends GraphEdge {
  points: Array<{ x: number; y: number }>;
  labelX: number;
  labelY: number;
  /** The label as drawn (shortened). */
  shortLabel: string;
}

export interface Layout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

/** Width of a text in px at ~12px (CJK characters are wider). */
export function textWidth(s: string, px = 12): number {
  let w = 0;
  for (const ch of s) w += /[\u2e80-\uffff]/.test(ch) ? px : px * 0.6;
  return Math.ceil(w);
}

export function shorten(s: string, max = 28): string {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : s;
}

export const NODE_HEIGHT = 48;

/** The marks a node shows (in Chinese, as drawn). */
export function nodeMarks(n: GraphNode): string[] {
  const m: string[] = [];
  if (n.start) m.push('首页');
  if (n.login) m.push('登录');
  if (n.notFound) m.push('未找到');
  if (n.entry) m.push('入口');
  if (n.unreachable) m.push('无法到达');
  return m;
}

/** The second line of a node: its marks, then its title. */
export function nodeSubtitle(n: GraphNode): string {
  const m = nodeMarks(n);
  return `${m.length ? `【${m.join('·')}】` : ''}${n.title ?? ''}`;
}

export function layoutGraph(graph: FlowGraph, opts: { flow?: string } = {}): Layout {
  const inFlow = (n: GraphNode) => !opts.flow || n.flow === opts.flow;
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const edges = graph.edges.filter((e) => {
    const a = byId.get(e.from);
    const b = byId.get(e.to);
    return a && b && (inFlow(a) || inFlow(b));
  });
  const ids = new Set(graph.nodes.filter(inFlow).map((n) => n.id));
  for (const e of edges) {
    ids.add(e.from);
    ids.add(e.to);
  }
  const g = new dagre.graphlib.Graph({ multigraph: true });
  // left to right: a step with many ways out (the home page) fans out downwards, read by scrolling
  g.setGraph({ rankdir: 'LR', nodesep: 22, ranksep: 90, edgesep: 10, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const id of ids) {
    const n = byId.get(id)!;
    const width = Math.max(96, textWidth(n.id, 13), textWidth(nodeSubtitle(n), 12)) + 24;
    g.setNode(id, { width, height: NODE_HEIGHT });
  }
  edges.forEach((e, i) => {
    const shortLabel = shorten(e.words);
    g.setEdge(e.from, e.to, { width: shortLabel ? textWidth(shortLabel, 11) + 8 : 0, height: shortLabel ? 16 : 0, labelpos: 'c', minlen: 1 }, `e${i}`);
  });
  dagre.layout(g);
  const nodes: PlacedNode[] = [...ids].map((id) => {
    const l = g.node(id) as { x: number; y: number; width: number; height: number };
    const n = byId.get(id)!;
    return { ...n, x: l.x, y: l.y, width: l.width, height: l.height, outside: !inFlow(n) };
  });
  const placed: PlacedEdge[] = edges.map((e, i) => {
    const l = g.edge({ v: e.from, w: e.to, name: `e${i}` }) as { points?: Array<{ x: number; y: number }>; x?: number; y?: number };
    const points = l.points ?? [];
    const mid = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
    return { ...e, points, labelX: l.x ?? mid.x, labelY: l.y ?? mid.y, shortLabel: shorten(e.words) };
  });
  const gl = g.graph() as { width?: number; height?: number };
  return { width: Math.ceil(gl.width ?? 0), height: Math.ceil(gl.height ?? 0), nodes, edges: placed };
}
