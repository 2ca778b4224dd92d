/**
 * Compiles the server (its command-line tools: seed, check-config, doctor, backup, restore; and the studio's check
 * worker) to plain ES modules in build/server/, so production starts with
 * `node build/server/main.js` and needs no TypeScript loader. Packages stay imports (node_modules at run time);
 * files the server reads (schemas/, flows/, dist/) are found from the package
 * root (src/server/paths.ts).
 */
import { build } from 'esbuild';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Packages stay imports. Node's ES-module loader needs a full file name for a
 * deep import into a package without an "exports" map (`dayjs/plugin/utc`,
 * `ajv/dist/standalone`): such imports are rewritten to the file they resolve
 * to today (`dayjs/plugin/utc.js`, `ajv/dist/standalone/index.js`).
 */
const packagesAsImports = {
  name: 'packages-as-imports',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'inner') return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      const pkgDir = path.resolve('node_modules', name);
      const pkgJson = path.join(pkgDir, 'package.json');
      if (args.path === name || !existsSync(pkgJson) || JSON.parse(readFileSync(pkgJson, 'utf8')).exports) {
        return { path: args.path, external: true };
      }
      const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'inner' });
      if (r.errors.length) return { errors: r.errors };
      return { path: `${name}/${path.relative(pkgDir, r.path).split(path.sep).join('/')}`, external: true };
    });
  },
};

// `--outdir <dir>` puts it elsewhere (npm run release builds outside the repository's build/, which browser tests use).
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : 'build/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'seed-cli': 'src/server/seed-cli.ts',
    'check-config-cli': 'src/server/check-config-cli.ts',
    // npm run doctor in a production install (no tsx): node build/server/doctor-cli.js
    'doctor-cli': 'src/server/doctor-cli.ts',
    // npm run backup / npm run restore in a production install: node build/server/backup-cli.js, restore-cli.js
    'backup-cli': 'src/server/backup-cli.ts',
    'restore-cli': 'src/server/restore-cli.ts',
    // The studio's config check runs in a worker thread started from this file (services/studio/check-pool.ts).
    'check-worker': 'src/server/services/studio/check-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [packagesAsImports],
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
console.log(`server compiled to ${outdir}/ (node ${path.join(outdir, 'main.js')})`);
