/**
 * checkConfigFiles (src/engine/config/check-files.ts) is the checker the admin
 * studio runs in the browser on a draft held in memory: it must give exactly
 * the errors checkConfig gives on the same files on disk, and its import graph
 * must hold no Node built-in (bundled for the browser here, as the studio's
 * build does).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { checkConfig, readConfigFiles, readMetaSchema } from '../../src/engine/config/check';
import { checkConfigFiles, compareConfigPaths, configPathProblem } from '../../src/engine/config/check-files';
import { registriesFor } from '../../src/server/config-registries';
import { configVersion } from '../../src/server/config-live';
import { fixtureRegistries } from '../fixtures/registries';

const REPO = join(import.meta.dirname, '../..');
const FIX = join(import.meta.dirname, '../fixtures');
const meta = readMetaSchema();
const brokenFixtures = readdirSync(join(FIX, 'config-broken'))
  .filter((d) => statSync(join(FIX, 'config-broken', d)).isDirectory())
  .sort();

describe('checkConfigFiles gives what checkConfig gives', () => {
  it.each(brokenFixtures)('broken fixture %s: the same errors, file:line:column and reason', async (name) => {
    const dir = join(FIX, 'config-broken', name);
    const onDisk = await checkConfig(dir, fixtureRegistries);
    const inMemory = checkConfigFiles(readConfigFiles(dir), fixtureRegistries, meta);
    expect(onDisk.errors.length).toBeGreaterThan(0);
    expect(inMemory.errors).toEqual(onDisk.errors);
  });

  it("the repository's own config: clean both ways, the same config (and version hash) whatever order the map lists the files in", async () => {
    const reg = registriesFor(REPO);
    const onDisk = await checkConfig(REPO, reg);
    const files = readConfigFiles(REPO);
    const reversed = Object.fromEntries(Object.entries(files).reverse());
    const inMemory = checkConfigFiles(reversed, reg, meta);
    expect(onDisk.errors).toEqual([]);
    expect(inMemory.errors).toEqual([]);
    expect(configVersion(inMemory.config)).toBe(configVersion(onDisk.config));
    expect(Object.keys(files)).toContain('flows/messages.yaml');
    expect(Object.keys(files).some((p) => p.startsWith('schemas/meta/') || p.startsWith('schemas/api/'))).toBe(false);
  });

  it('a planted mistake in memory is reported at its line', () => {
    const files = readConfigFiles(join(FIX, 'config-good'));
    files['flows/messages.yaml'] = files['flows/messages.yaml'].replace(/\n$/, '') + '\n  broken: [oops\n';
    const { errors } = checkConfigFiles(files, fixtureRegistries, meta);
    expect(errors[0]).toMatchObject({ file: 'flows/messages.yaml' });
    expect(errors[0].message).toContain('YAML 格式错误');
    expect(errors[0].line).toBeGreaterThan(1);
  });

  it('paths that are not config are reported, never read', () => {
    const files = { ...readConfigFiles(join(FIX, 'config-good')), 'flows/sub/x.yaml': 'a: 1', 'schemas/meta/x.json': '{}', '../etc/passwd': 'x', 'notes.txt': 'x' };
    const { errors } = checkConfigFiles(files, fixtureRegistries, meta);
    expect(errors.map((e) => e.file).sort()).toEqual(['../etc/passwd', 'flows/sub/x.yaml', 'notes.txt', 'schemas/meta/x.json']);
    expect(configPathProblem('schemas/api/GetToken.json')).toMatch(/属于服务器/);
    expect(configPathProblem('schemas/forms/体检问卷.json')).toBeNull();
    expect(configPathProblem('flows/a\\b.yaml')).not.toBeNull();
  });

  it('paths sort as a sorted directory walk meets them', () => {
    expect(['schemas/a-b.json', 'schemas/a/z.json', 'flows/x.yaml'].sort(compareConfigPaths)).toEqual(['flows/x.yaml', 'schemas/a/z.json', 'schemas/a-b.json']);
  });
});

describe('check-files runs in a browser', () => {
  it('its whole import graph bundles for the browser: no Node built-in', async () => {
    const out = await build({
      entryPoints: [join(REPO, 'src/engine/config/check-files.ts')],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
    });
    expect(out.errors).toEqual([]);
    const inputs = Object.keys(out.metafile!.inputs);
    expect(inputs.filter((i) => /^node:|(^|\/)(fs|path|url|crypto|os)$/.test(i))).toEqual([]);
    expect(inputs.some((i) => i.endsWith('src/engine/config/source.ts'))).toBe(true);
  }, 60_000);

  it('and the bundle fails when a Node built-in creeps in (the check can fail)', async () => {
    await expect(
      build({ stdin: { contents: "import { readFileSync } from 'node:fs'; export const x = readFileSync;", resolveDir: REPO }, bundle: true, write: false, platform: 'browser', logLevel: 'silent' }),
    ).rejects.toThrow(/node:fs/);
  });
});
