/**
 * `npm run release`: a folder and a tarball that start anywhere, with nothing of
 * the repository around them.
 *
 *   release/checkup-flow-<version>/          the self-contained folder
 *   release/checkup-flow-<version>.tar.gz    the same, packed
 *
 * Inside: the built app (dist/, dist/studio/), the compiled server
 * (build/server/) and its render bundle (build/ssr/), the config it serves by default (flows/, schemas/; the
 * server's CONFIG_DIR is its working directory, bin/start.sh starts it here),
 * package.json + package-lock.json, the production dependencies installed
 * (`npm ci --omit=dev`: better-sqlite3 and esbuild bring native binaries, so the
 * tarball is for the platform it was built on), bin/start.sh and a README.
 *
 * Everything is built straight into the release folder, never into the
 * repository's dist/ or build/ (browser tests serve those while this runs).
 *
 * Options:
 *   --out <dir>          where the folder and tarball go (default: release/)
 *   --reuse-dist <dir>   copy an already built app (with its studio/) instead of running vite (the release test)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The only sources the compiled server still reads at run time: the form
 * validators it generates (src/server/plugins/validators.ts) bundle the
 * app's own formats and ID-card check from these files with esbuild.
 * They import nothing else.
 */
const RUNTIME_SOURCES = ['src/engine/schema/formats.ts', 'src/contract/rules/idcard.ts', 'src/contract/rules/phone.ts'];
/** What a release's npm runs: the compiled entries, never TypeScript; every build/server/<name>-cli.js is `npm run <name>` (doctor, seed, backup…). */
function releaseScripts(serverDir) {
  const scripts = { start: 'sh bin/start.sh', serve: 'sh bin/start.sh' };
  for (const f of fs.readdirSync(serverDir).sort()) if (f.endsWith('-cli.js')) scripts[f.slice(0, -'-cli.js'.length)] = `node build/server/${f}`;
  return scripts;
}

function option(name) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

function run(cmd, args, opts = {}) {
  const t = Date.now();
  execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
  console.log(`  ${path.basename(cmd)} ${args.slice(0, 3).join(' ')} … ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/**
 * better-sqlite3's install (prebuild-install, else a 1–3 minute compile) finds a
 * "local prebuild" when told where: the binary this repository's own
 * node_modules already built for this machine, when it is the locked version.
 * Same platform, same Node ABI (it runs the tests here); otherwise {} and npm
 * fetches or compiles as usual.
 */
function localSqlitePrebuild() {
  const lock = JSON.parse(fs.readFileSync(path.join(REPO, 'package-lock.json'), 'utf8'));
  const locked = lock.packages?.['node_modules/better-sqlite3']?.version;
  const mine = path.join(REPO, 'node_modules/better-sqlite3');
  const binary = path.join(mine, 'build/Release/better_sqlite3.node');
  if (!locked || !fs.existsSync(binary) || JSON.parse(fs.readFileSync(path.join(mine, 'package.json'), 'utf8')).version !== locked) return {};
  const glibc = process.platform !== 'linux' || process.report?.getReport().header.glibcVersionRuntime;
  if (!glibc) return {}; // musl names its prebuilds differently: let npm do it
  const prebuilds = fs.mkdtempSync(path.join(out, '.prebuilds-'));
  const file = `better-sqlite3-v${locked}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', path.join(prebuilds, file), '-C', mine, 'build/Release/better_sqlite3.node']);
  process.on('exit', () => fs.rmSync(prebuilds, { recursive: true, force: true }));
  return { npm_config_better_sqlite3_local_prebuilds: prebuilds };
}

const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
const name = `checkup-flow-${pkg.version}`;
const out = path.resolve(option('--out') ?? path.join(REPO, 'release'));
const dir = path.join(out, name);
const tarball = path.join(out, `${name}.tar.gz`);
const reuseDist = option('--reuse-dist');
const platform = `${process.platform}-${process.arch}, Node.js ${process.version} (ABI ${process.versions.modules})`;

console.log(`release ${name} → ${dir}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.rmSync(tarball, { force: true });
fs.mkdirSync(dir, { recursive: true });

// 1. The app and the studio (vite), and the server (esbuild).
const vite = path.join(REPO, 'node_modules/vite/bin/vite.js');
// NODE_ENV=test (vitest) would make vite bundle React's development build.
const buildEnv = { ...process.env, NODE_ENV: 'production' };
if (reuseDist) {
  const from = path.resolve(reuseDist);
  for (const f of ['index.html', 'studio/index.html'])
    if (!fs.existsSync(path.join(from, f))) throw new Error(`--reuse-dist ${from}: no ${f} (build it with vite first)`);
  fs.cpSync(from, path.join(dir, 'dist'), { recursive: true });
} else {
  run(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', path.join(dir, 'dist'), '--emptyOutDir'], { cwd: REPO, env: buildEnv });
  run(process.execPath, [vite, 'build', '-c', 'vite.studio.config.ts', '--logLevel', 'warn', '--outDir', path.join(dir, 'dist/studio'), '--emptyOutDir'], {
    cwd: REPO,
    env: buildEnv,
  });
}
run(process.execPath, [path.join(REPO, 'scripts/build-server.mjs'), '--outdir', path.join(dir, 'build/server')], { cwd: REPO, env: buildEnv });
// The server render bundle (the first screen drawn into the page): self-contained, it needs no node_modules of its own.
run(process.execPath, [vite, 'build', '-c', 'vite.ssr.config.ts', '--logLevel', 'warn', '--outDir', path.join(dir, 'build/ssr'), '--emptyOutDir'], { cwd: REPO, env: buildEnv });

// 2. The config it serves, the manifest and lock, the sources read at run time.
for (const d of ['flows', 'schemas']) fs.cpSync(path.join(REPO, d), path.join(dir, d), { recursive: true });
for (const f of RUNTIME_SOURCES) {
  fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
  fs.copyFileSync(path.join(REPO, f), path.join(dir, f));
}
// The same dependencies (package-lock.json must match them for npm ci); only the scripts are the release's own.
fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ ...pkg, scripts: releaseScripts(path.join(dir, 'build/server')) }, null, 2)}\n`);
fs.copyFileSync(path.join(REPO, 'package-lock.json'), path.join(dir, 'package-lock.json'));

// 3. The start script and the README.
fs.mkdirSync(path.join(dir, 'bin'));
fs.writeFileSync(
  path.join(dir, 'bin/start.sh'),
  `#!/bin/sh
# Starts the server from the release folder, whatever the caller's working directory:
# the config it serves (flows/, schemas/) is CONFIG_DIR, by default this folder.
set -e
HERE=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$HERE"
export CONFIG_DIR="\${CONFIG_DIR:-$HERE}"
export APP_VERSION="\${APP_VERSION:-${pkg.version}}"
exec node build/server/main.js "$@"
`,
  { mode: 0o755 },
);
fs.writeFileSync(
  path.join(dir, 'README.md'),
  `# ${name}

体检预约系统的发布包：构建好的页面（dist/、dist/studio/）、编译后的服务端（build/server/）、
默认配置（flows/、schemas/）和已安装的生产依赖（node_modules/）。不需要再构建，也不需要源码仓库。

**平台**：本包在 ${platform} 上构建。node_modules 里的 better-sqlite3、esbuild 含本机二进制文件，
只能在同一操作系统、同一 CPU 架构、同一 Node.js 大版本上运行；换平台请在目标平台上重新 \`npm run release\`。

    tar -xzf ${name}.tar.gz && cd ${name}
    npm run doctor                      # 上线前自查：逐项列出缺少或有误的环境变量
    NODE_ENV=production DATA_DIR=/var/lib/checkup-flow sh bin/start.sh   # 或 npm start

环境变量的完整说明见源码仓库的 docs/deploy.md（“发布与部署”一节有 systemd 示例）。
DATA_DIR 请设为发布目录之外的持久目录：升级时换新的发布目录，数据不随之丢失。
`,
);

// 4. The production dependencies, install scripts on (better-sqlite3 fetches or compiles its binary).
run('npm', ['ci', '--omit=dev', '--ignore-scripts=false', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
  cwd: dir,
  env: { ...process.env, ...localSqlitePrebuild(), JOBS: 'max' },
});
const sqlite = path.join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
if (!fs.existsSync(sqlite)) throw new Error(`better-sqlite3 has no binary for ${platform}: ${sqlite}`);
// It loads here (the platform it was built on), from the release's own node_modules.
execFileSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: dir, stdio: 'inherit' });

// 5. Self-contained: no link out of the folder, no sources but the run-time ones, no tests.
for (const f of fs.readdirSync(dir, { recursive: true })) {
  const p = path.join(dir, f);
  const st = fs.lstatSync(p);
  if (st.isSymbolicLink()) {
    const target = path.resolve(path.dirname(p), fs.readlinkSync(p));
    if (!target.startsWith(dir + path.sep)) throw new Error(`${f} links out of the release: ${target}`);
  }
}
for (const d of ['tests', 'src'])
  for (const f of fs.existsSync(path.join(dir, d)) ? fs.readdirSync(path.join(dir, d), { recursive: true }) : []) {
    const rel = path.join(d, f);
    if (fs.statSync(path.join(dir, rel)).isFile() && !RUNTIME_SOURCES.includes(rel)) throw new Error(`${rel} does not belong in a release`);
  }

// 6. The tarball.
run('tar', ['-czf', tarball, '-C', out, name]);
const mb = (fs.statSync(tarball).size / 1024 / 1024).toFixed(1);
console.log(`release: ${dir}\n         ${tarball} (${mb} MB, for ${platform})`);
