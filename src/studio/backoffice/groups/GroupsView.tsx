/** Issue 23, back office: groups (placeholder until built). */
export default function GroupsView() {
  return <p className="st-muted">尚未提供</p>;
}
