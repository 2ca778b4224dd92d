/** Issue 23, back office: catalogue (placeholder until built). */
export default function CatalogueView() {
  return <p className="st-muted">尚未提供</p>;
}
