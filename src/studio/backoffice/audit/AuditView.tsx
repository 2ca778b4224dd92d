/** Issue 23, back office: audit (placeholder until built). */
export default function AuditView() {
  return <p className="st-muted">尚未提供</p>;
}
