/**
 * What a check or an import said: the problems (行 / 列 / 原因, the first
 * SHOWN_MAX of them; the count is of all) and that nothing was imported, or
 * that the file is clean, or what the import changed; plus the notes (extra
 * columns ignored, GBK, the template's example row skipped).
 */
import type { ImportRes } from '../../../contract/api/backoffice/imports';

const SHOWN_MAX = 500;

export function ImportResult({ res, dryRun }: { res: ImportRes; dryRun: boolean }) {
  const shown = res.problems.slice(0, SHOWN_MAX);
  return (
    <section className="bo-section bo-imports-result" aria-label={dryRun ? '检查结果' : '导入结果'}>
      {res.problems.length > 0 ? (
        <>
          <p className="st-error" role="status">
            共 {res.problems.length} 处问题，未导入任何数据
            {res.problems.length > SHOWN_MAX && `（下面列出前 ${SHOWN_MAX} 处）`}
          </p>
          <table className="bo-table bo-imports-problems">
            <thead>
              <tr>
                <th scope="col">行</th>
                <th scope="col">列</th>
                <th scope="col">原因</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p, i) => (
                <tr key={`${p.row}-${p.column}-${i}`}>
                  <td className="bo-num">{p.row}</td>
                  <td>{p.column || '（整行）'}</td>
                  <td>{p.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : res.applied ? (
        <p className="bo-imports-ok" role="status">
          导入成功：{res.summary}（共 {res.rows} 行）
        </p>
      ) : res.rows === 0 ? (
        <p className="st-muted" role="status">
          文件中没有要导入的数据行（表头在第 1 行，数据从第 2 行开始）
        </p>
      ) : (
        <p className="bo-imports-ok" role="status">
          检查通过：共 {res.rows} 行，没有问题，可以导入
        </p>
      )}
      {res.notes.length > 0 && (
        <ul className="st-muted bo-imports-notes">
          {res.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
