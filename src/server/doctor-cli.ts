/**
 * npm run doctor [-- --from=FILE …]: checks every setting as a production start would (whatever NODE_ENV
 * and ALLOW_DEMO say: the question is "would production start, and work"), prints each finding grouped by
 * area in plain words with where to find the value, and ends with one line. Exit 1 when a production start
 * would be refused, 2 on a bad argument. Offline: files are read, nothing is sent.
 * --from=FILE reads a dotenv-style file (the one systemd's EnvironmentFile or `node --env-file` would load) and,
 * like node's --env-file, a variable already in the environment wins. Not named --env-file: node 20 takes
 * that flag for itself even after the script name (and exits when the file is missing).
 */
import fs from 'node:fs';
import { formatReport, preflight, refusals } from './doctor/index';
import { parseEnvFile } from './doctor/env-file';

const USAGE = 'usage: npm run doctor [-- --from=FILE ...]   (node build/server/doctor-cli.js [--from=FILE ...] in a production install)';

function envFiles(argv: string[]): string[] {
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('--from=')) files.push(a.slice('--from='.length));
    else if (a === '--from' && argv[i + 1]) files.push(argv[++i]);
    else {
      console.error(`unknown argument ${a}\n${USAGE}`);
      process.exit(2);
    }
  }
  return files;
}

const fromFiles: Record<string, string> = {};
for (const f of envFiles(process.argv.slice(2))) {
  try {
    Object.assign(fromFiles, parseEnvFile(fs.readFileSync(f, 'utf8')));
  } catch (e) {
    console.error(`无法读取 --from ${f}：${(e as Error).message}`);
    process.exit(2);
  }
}
const env = { ...fromFiles, ...process.env };
const findings = preflight(env);
console.log('checkup-flow 上线前检查（按生产环境检查每一项设置；离线，不连接微信、短信平台或数据库）\n');
console.log(formatReport(findings));
process.exit(refusals(findings).length ? 1 : 0);
