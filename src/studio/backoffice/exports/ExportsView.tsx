/** Issue 23, back office: exports (placeholder until built). */
export default function ExportsView() {
  return <p className="st-muted">尚未提供</p>;
}
