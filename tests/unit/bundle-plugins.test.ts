/**
 * The build plugins that cut first-load bytes (issue 27): the barrel rewrite
 * (scripts/vite-chunks.ts) and axios's utils as named exports
 * (scripts/vite-axios-xhr.ts), against the installed packages, so an upgrade
 * that changes their shape fails here rather than in a phone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBarrel, rewriteBarrelImports } from '../../scripts/vite-chunks';
import { utilsAsNamedExports } from '../../scripts/vite-axios-xhr';

const NM = path.resolve(__dirname, '../../node_modules');
const maps = {
  'antd-mobile': readBarrel(path.join(NM, 'antd-mobile')),
  'antd-mobile-icons': readBarrel(path.join(NM, 'antd-mobile-icons')),
  ahooks: readBarrel(path.join(NM, 'ahooks')),
};

describe('readBarrel', () => {
  it('maps every export the app and antd-mobile import to a module that exists', () => {
    const used = {
      'antd-mobile': ['Button', 'List', 'SearchBar', 'Skeleton', 'Popup', 'Dialog', 'Toast', 'setDefaultConfig'],
      'antd-mobile-icons': ['LeftOutline', 'RightOutline', 'CloseCircleFill'],
      ahooks: ['useMemoizedFn', 'useIsomorphicLayoutEffect', 'useUnmountedRef', 'clearCache'],
    } as const;
    for (const [pkg, names] of Object.entries(used) as Array<[keyof typeof maps, readonly string[]]>) {
      for (const name of names) {
        const t = maps[pkg].get(name);
        expect(t, `${pkg} ${name}`).toBeDefined();
        const base = path.join(NM, pkg, t!.path);
        expect([base, `${base}.js`, path.join(base, 'index.js')].some((f) => fs.existsSync(f) && fs.statSync(f).isFile()), base).toBe(true);
      }
    }
    expect(maps['antd-mobile'].get('Button')).toEqual({ path: 'es/components/button', imported: 'default' });
    expect(maps.ahooks.get('clearCache')).toEqual({ path: 'es/useRequest', imported: 'clearCache' });
  });
});

describe('rewriteBarrelImports', () => {
  it('imports each name from its own module, keeping local names and antd-mobile’s global styles', () => {
    const out = rewriteBarrelImports(`import { Button, List as L } from 'antd-mobile';\nexport { Dialog } from 'antd-mobile';`, maps).split('\n');
    expect(out).toEqual([
      `import 'antd-mobile/es/global'; import { default as Button } from 'antd-mobile/es/components/button'; import { default as L } from 'antd-mobile/es/components/list';`,
      `import 'antd-mobile/es/global'; export { default as Dialog } from 'antd-mobile/es/components/dialog';`,
    ]);
    // Inside a line comment it stays a comment.
    expect(rewriteBarrelImports(`// import { Button } from 'antd-mobile';`, maps)).not.toMatch(/\n/);
    expect(rewriteBarrelImports(`import { useMemoizedFn } from "ahooks";`, maps)).toBe(`import { default as useMemoizedFn } from 'ahooks/es/useMemoizedFn';`);
  });

  it('leaves a statement alone when it names something the barrel map does not know', () => {
    const src = `import { Button, NotAComponent } from 'antd-mobile';`;
    expect(rewriteBarrelImports(src, maps)).toBe(src);
  });
});

describe('utilsAsNamedExports', () => {
  it('turns axios’s installed utils object into named exports (aliases kept)', () => {
    const out = utilsAsNamedExports(fs.readFileSync(path.join(NM, 'axios/lib/utils.js'), 'utf8'));
    expect(out).not.toBeNull();
    expect(out).not.toMatch(/export default/);
    const named = /\nexport \{([^}]*)\};\n$/.exec(out!)?.[1].split(', ');
    expect(named).toEqual(expect.arrayContaining(['forEach', 'extend', 'hasOwnProperty as hasOwnProp', '_global as global']));
  });

  it('refuses a shape it does not know', () => {
    expect(utilsAsNamedExports('const a = 1;\nexport default { a, b: () => 1 };\n')).toBeNull();
  });
});
