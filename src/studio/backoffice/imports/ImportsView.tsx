/** Issue 23, back office: imports (placeholder until built). */
export default function ImportsView() {
  return <p className="st-muted">尚未提供</p>;
}
