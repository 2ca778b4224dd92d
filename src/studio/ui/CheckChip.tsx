/** The draft's check state, in a word: checking, N problems, or clean. */
import { useStudio } from '../store';

export function CheckChip() {
  const check = useStudio((s) => s.check);
  const revision = useStudio((s) => s.revision);
  const current = check.revision === revision;
  if (check.status === 'failed') return <span className="st-chip st-chip-bad">检查失败</span>;
  if (!current || check.status !== 'done')
    return (
      <span className="st-chip" role="status">
        检查中…
      </span>
    );
  if (check.errors.length)
    return (
      <span className="st-chip st-chip-bad" role="status" data-testid="check-chip">
        {check.errors.length} 个问题
      </span>
    );
  return (
    <span className="st-chip st-chip-ok" role="status" data-testid="check-chip">
      检查通过
    </span>
  );
}
