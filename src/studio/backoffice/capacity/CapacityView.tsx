/** Issue 23, back office: capacity (placeholder until built). */
export default function CapacityView() {
  return <p className="st-muted">尚未提供</p>;
}
