/**
 * 院区: the branches the phone offers (its first screen and /config.json), with
 * the bookings each holds. A branch's code changes only while no booking uses
 * it, and such a branch is never deleted — the server says so with the count.
 */
import { useCallback, useEffect, useState } from 'react';
import type { BranchDraft, BranchRow } from '../../../contract/api/backoffice/catalogue';
import { branchProblems } from '../../../contract/rules/package-rules';
import { useRoles } from '../roles';
import { SaidLine, useAction } from '../status';
import { catalogueApi } from './api';
import { DeleteButton, FormFoot, RowActions, TextField, sortOf, useEditor } from './form-bits';

function BranchForm({ initial, onSaved, onStale, onCancel }: { initial: BranchRow | null; onSaved: (b: BranchRow) => void; onStale: () => void; onCancel: () => void }) {
  const [code, setCode] = useState(initial?.hospCode ?? '');
  const [name, setName] = useState(initial?.hospName ?? '');
  const [tel, setTel] = useState(initial?.hospTel ?? '');
  const [addr, setAddr] = useState(initial?.hospAddr ?? '');
  const [sort, setSort] = useState(String(initial?.sort ?? 0));
  const draft: BranchDraft = { hospCode: code.trim(), hospName: name.trim(), hospTel: tel.trim(), hospAddr: addr.trim(), sort: sortOf(sort) };
  const { shown, busy, said, submit } = useEditor(branchProblems(draft), onStale);
  const codeLocked = !!initial && initial.orders > 0;
  const save = async () => onSaved((await catalogueApi.saveBranch(draft, initial ? { code: initial.hospCode, rev: initial.rev } : undefined)).branch);

  return (
    <form className="bo-catalogue-panel" onSubmit={submit(save)} aria-label={initial ? `编辑院区 ${initial.hospName}` : '新增院区'} noValidate>
      <h2>{initial ? `编辑院区：${initial.hospName}` : '新增院区'}</h2>
      <div className="bo-form">
        <TextField label="院区编码" error={shown.hospCode} hint={codeLocked ? `已有 ${initial!.orders} 个预约，编码不能修改` : '字母、数字、_ 或 -'} value={code} readOnly={codeLocked} onChange={setCode} />
        <TextField label="院区名称" error={shown.hospName} value={name} onChange={setName} />
        <TextField label="电话" error={shown.hospTel} value={tel} onChange={setTel} />
        <TextField label="排序" error={shown.sort} hint="小的在前，第一个是手机端的默认院区" inputMode="numeric" value={sort} onChange={setSort} />
        <TextField label="地址" error={shown.hospAddr} wide value={addr} onChange={setAddr} />
      </div>
      <FormFoot said={said} busy={busy} onCancel={onCancel} />
    </form>
  );
}

export function BranchesPanel() {
  const canEdit = useRoles().can('ops');
  const [rows, setRows] = useState<BranchRow[] | null>(null);
  const [editing, setEditing] = useState<BranchRow | 'new' | null>(null);
  const { busy, said, say, fail, run } = useAction();

  const load = useCallback(async () => {
    try {
      setRows((await catalogueApi.branches()).branches);
    } catch (e) {
      fail(e);
    }
  }, [fail]);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (b: BranchRow) => {
    await run(async () => {
      await catalogueApi.deleteBranch(b.hospCode, b.rev);
      return `已删除院区 ${b.hospName}`;
    });
    await load();
  };

  return (
    <div className="bo-section">
      <div className="bo-toolbar">
        {canEdit ? (
          <button className="st-btn st-primary" onClick={() => setEditing('new')} disabled={editing === 'new'}>
            新增院区
          </button>
        ) : null}
        <span className="st-muted st-small-text">手机端下次打开时显示修改后的院区；有预约的院区不能删除，也不能改编码。</span>
      </div>
      {editing ? (
        <BranchForm
          key={editing === 'new' ? 'new' : `${editing.hospCode}@${editing.rev}`}
          initial={editing === 'new' ? null : editing}
          onSaved={(b) => {
            setEditing(null);
            say({ ok: true, text: `已保存院区 ${b.hospName}` });
            void load();
          }}
          onStale={() => void load()}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <SaidLine said={said} />
      {rows === null ? (
        <p className="st-muted">正在载入…</p>
      ) : (
        <table className="bo-table bo-catalogue-table" aria-label="院区">
          <thead>
            <tr>
              <th>编码</th>
              <th>名称</th>
              <th>电话</th>
              <th>地址</th>
              <th className="bo-num">排序</th>
              <th className="bo-num">预约</th>
              {canEdit ? <th>操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.hospCode} data-code={b.hospCode}>
                <td>{b.hospCode}</td>
                <td>{b.hospName}</td>
                <td>{b.hospTel}</td>
                <td>{b.hospAddr}</td>
                <td className="bo-num">{b.sort}</td>
                <td className="bo-num">{b.orders}</td>
                {canEdit ? (
                  <RowActions onEdit={() => setEditing(b)}>
                    <DeleteButton what={`院区 ${b.hospName}`} busy={busy} onConfirm={() => void remove(b)} />
                  </RowActions>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
