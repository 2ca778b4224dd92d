/** Issue 23, back office: operations (placeholder until built). */
export default function OperationsView() {
  return <p className="st-muted">尚未提供</p>;
}
