/**
 * npm run backup [-- --out DIR]: a consistent copy of the store the server uses (DATABASE_URL, else
 * DATA_DIR/checkup.db) plus DATA_DIR's config snapshot and session.key, with a manifest (see
 * src/server/backup/). Safe while the server serves and takes bookings. Default folder
 * ./backups/<UTC time>. Exit 1 when the backup failed, 2 on a bad argument.
 */
import { runBackup, storeFromEnv } from './backup/index';

const USAGE = 'usage: npm run backup [-- --out DIR]   (node build/server/backup-cli.js [--out DIR] in a production install)';

function outArg(argv: string[]): string | undefined {
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('--out=')) out = a.slice('--out='.length);
    else if (a === '--out' && argv[i + 1]) out = argv[++i];
    else {
      console.error(`unknown argument ${a}\n${USAGE}`);
      process.exit(2);
    }
  }
  return out;
}

const out = outArg(process.argv.slice(2));
try {
  const r = await runBackup(storeFromEnv(), out);
  console.log(r.lines.join('\n'));
} catch (e) {
  console.error(`备份失败：${(e as Error).message}`);
  process.exit(1);
}
