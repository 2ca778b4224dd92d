/** Admin sign-in: a wrong password says so; five wrong tries lock the name for a while (the server's 429 says how long). */
import { useState, type FormEvent } from 'react';
import { StudioApiError } from '../api';
import { studio, useStudio } from '../store';

export function lockMessage(sec: number): string {
  const min = Math.ceil(sec / 60);
  return sec >= 60 ? `登录失败次数过多，账号已暂时锁定，请 ${min} 分钟后再试` : `登录失败次数过多，账号已暂时锁定，请 ${sec} 秒后再试`;
}

export function Login() {
  const notice = useStudio((s) => s.notice);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) return setError('请输入用户名和密码');
    setBusy(true);
    setError('');
    try {
      await studio.login(username.trim(), password);
    } catch (err) {
      if (err instanceof StudioApiError && err.status === 429) setError(lockMessage(err.retryAfterSec ?? 60));
      else if (err instanceof StudioApiError && err.status === 401) setError('用户名或密码错误');
      else setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <div className="st-center st-login-bg">
      <form className="st-card st-login" onSubmit={submit} aria-labelledby="st-login-title">
        <h1 id="st-login-title">配置工作台</h1>
        <p className="st-muted">体检中心的流程、提示文字、表单与问卷在这里修改、检查和发布。</p>
        {notice?.kind === 'error' && !error ? <p className="st-error">{notice.text}</p> : null}
        <label className="st-field">
          <span>用户名</span>
          <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
        </label>
        <label className="st-field">
          <span>密码</span>
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error ? (
          <p className="st-error" role="alert">
            {error}
          </p>
        ) : null}
        <button className="st-btn st-primary st-wide" type="submit" disabled={busy}>
          {busy ? '正在登录…' : '登录'}
        </button>
      </form>
    </div>
  );
}
