/**
 * npm run restore -- BACKUP [--to-data-dir DIR | --to-database-url URL] [--force]: checks the backup's
 * manifest (every sha256, migrations this version knows), refuses a target that already holds data
 * unless --force, restores, and prints what it did. Without --to-*, the target is the server's own
 * DATA_DIR / DATABASE_URL. Stop the server before restoring over its store. Exit 1 on a refusal or
 * failure, 2 on a bad argument.
 */
import { runRestore, storeFromEnv, type RestoreOptions } from './backup/index';

const USAGE =
  'usage: npm run restore -- BACKUP_DIR [--to-data-dir DIR | --to-database-url URL] [--force]   (node build/server/restore-cli.js … in a production install)';

function parse(argv: string[]): RestoreOptions {
  const o: Partial<RestoreOptions> = {};
  const value = (i: number, name: string) => {
    if (!argv[i + 1]) bad(`${name} needs a value`);
    return argv[i + 1];
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--force') o.force = true;
    else if (flag === '--to-data-dir') o.toDataDir = inline ?? value(i++, flag);
    else if (flag === '--to-database-url') o.toDatabaseUrl = inline ?? value(i++, flag);
    else if (!a.startsWith('-') && !o.backup) o.backup = a;
    else bad(`unknown argument ${a}`);
  }
  if (!o.backup) bad('which backup? give its folder');
  return o as RestoreOptions;
}

function bad(msg: string): never {
  console.error(`${msg}\n${USAGE}`);
  process.exit(2);
}

const opts = parse(process.argv.slice(2));
try {
  const r = await runRestore(storeFromEnv(), opts);
  console.log(r.lines.join('\n'));
} catch (e) {
  console.error(`恢复失败：${(e as Error).message}`);
  process.exit(1);
}
