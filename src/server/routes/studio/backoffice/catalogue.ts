/**
 * The catalogue's studio calls (contract/api/backoffice/catalogue.ts): branches,
 * packages, items. Reads are open to every admin; every change needs 运营 and
 * runs in services/backoffice/catalogue/ (one transaction, its audit entry, the
 * rules of contract/rules/package-rules.ts, the row's version checked).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  BranchSaveRes,
  BranchesRes,
  DeletedRes,
  ItemSaveRes,
  ItemsRes,
  PackageSaveRes,
  PackagesRes,
} from '../../../../contract/api/backoffice/catalogue';
import type { Db } from '../../../db/types';
import { createBranch, deleteBranch, updateBranch } from '../../../services/backoffice/catalogue/branches';
import { obj } from '../../../services/backoffice/catalogue/common';
import { createItem, deleteItem, updateItem } from '../../../services/backoffice/catalogue/items';
import { createPackage, deletePackage, setPackageActive, updatePackage, type Actor } from '../../../services/backoffice/catalogue/packages';
import { listBranches, listItems, listPackages } from '../../../services/backoffice/catalogue/rows';

type Code = { Params: { code: string } };
const OPS = { config: { studioRole: 'ops' as const } };

/** A kind of row's services behind its create, update and delete calls. */
interface Editable<R> {
  create(db: Db, raw: unknown, a: Actor): Promise<R>;
  update(db: Db, code: string, raw: unknown, rev: unknown, a: Actor): Promise<R>;
  remove(db: Db, code: string, rev: unknown, a: Actor): Promise<void>;
  codeOf(row: R): string;
}

export async function studioCatalogueRoutes(s: FastifyInstance): Promise<void> {
  const { db, clock } = s.deps;
  const who = (req: FastifyRequest): Actor => ({ actor: req.studioSession!.username, now: clock.now() });
  const body = (req: FastifyRequest) => obj(req.body);
  const logged = (req: FastifyRequest, what: string, key: string) => req.log.info({ studioUser: req.studioSession!.username, key }, `studio: catalogue ${what}`);

  /**
   * The same three calls for branches, packages and items (`field` is the body's
   * draft and the answer's row, e.g. 'branch'; the edits carry the row's rev):
   * POST /catalogue/<kind> → 201 { field: row }, POST /catalogue/<kind>/:code →
   * { field: row }, POST /catalogue/<kind>/:code/delete → { deleted: code }.
   */
  function editable<Res, K extends keyof Res & string>(kind: string, field: K, e: Editable<Res[K]>): void {
    s.post(`/catalogue/${kind}`, OPS, async (req, reply) => {
      const row = await e.create(db, body(req)[field], who(req));
      logged(req, `${field} created`, e.codeOf(row));
      return reply.code(201).send({ [field]: row } as Res);
    });
    s.post<Code>(`/catalogue/${kind}/:code`, OPS, async (req) => {
      const row = await e.update(db, req.params.code, body(req)[field], body(req).rev, who(req));
      logged(req, `${field} updated`, e.codeOf(row));
      return { [field]: row } as Res;
    });
    s.post<Code>(`/catalogue/${kind}/:code/delete`, OPS, async (req) => {
      await e.remove(db, req.params.code, body(req).rev, who(req));
      logged(req, `${field} deleted`, req.params.code);
      return { deleted: req.params.code } satisfies DeletedRes;
    });
  }

  s.get('/catalogue/branches', async () => ({ branches: await listBranches(db) }) satisfies BranchesRes);
  editable<BranchSaveRes, 'branch'>('branches', 'branch', { create: createBranch, update: updateBranch, remove: deleteBranch, codeOf: (b) => b.hospCode });

  s.get<{ Querystring: { type?: string } }>('/catalogue/packages', async (req) => ({ packages: await listPackages(db, req.query.type || undefined) }) satisfies PackagesRes);
  editable<PackageSaveRes, 'package'>('packages', 'package', { create: createPackage, update: updatePackage, remove: deletePackage, codeOf: (p) => p.code });
  for (const [path, active] of [['withdraw', false], ['publish', true]] as const)
    s.post<Code>(`/catalogue/packages/:code/${path}`, OPS, async (req) => {
      const pkg = await setPackageActive(db, req.params.code, active, body(req).rev, who(req));
      logged(req, `package ${path}`, pkg.code);
      return { package: pkg } satisfies PackageSaveRes;
    });

  s.get('/catalogue/items', async () => (await listItems(db)) satisfies ItemsRes);
  editable<ItemSaveRes, 'item'>('items', 'item', { create: createItem, update: updateItem, remove: deleteItem, codeOf: (i) => i.code });
}
