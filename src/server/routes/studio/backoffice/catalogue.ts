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
import { createBranch, deleteBranch, updateBranch } from '../../../services/backoffice/catalogue/branches';
import { obj } from '../../../services/backoffice/catalogue/common';
import { createItem, deleteItem, updateItem } from '../../../services/backoffice/catalogue/items';
import { createPackage, deletePackage, setPackageActive, updatePackage, type Actor } from '../../../services/backoffice/catalogue/packages';
import { listBranches, listItems, listPackages } from '../../../services/backoffice/catalogue/rows';

type Code = { Params: { code: string } };
const OPS = { config: { studioRole: 'ops' as const } };

export async function studioCatalogueRoutes(s: FastifyInstance): Promise<void> {
  const { db, clock } = s.deps;
  const who = (req: FastifyRequest): Actor => ({ actor: req.studioSession!.username, now: clock.now() });
  const body = (req: FastifyRequest) => obj(req.body);
  const logged = (req: FastifyRequest, what: string, key: string) => req.log.info({ studioUser: req.studioSession!.username, key }, `studio: catalogue ${what}`);

  s.get('/catalogue/branches', async () => ({ branches: await listBranches(db) }) satisfies BranchesRes);
  s.post('/catalogue/branches', OPS, async (req, reply) => {
    const branch = await createBranch(db, body(req).branch, who(req));
    logged(req, 'branch created', branch.hospCode);
    return reply.code(201).send({ branch } satisfies BranchSaveRes);
  });
  s.post<Code>('/catalogue/branches/:code', OPS, async (req) => {
    const branch = await updateBranch(db, req.params.code, body(req).branch, body(req).rev, who(req));
    logged(req, 'branch updated', branch.hospCode);
    return { branch } satisfies BranchSaveRes;
  });
  s.post<Code>('/catalogue/branches/:code/delete', OPS, async (req) => {
    await deleteBranch(db, req.params.code, body(req).rev, who(req));
    logged(req, 'branch deleted', req.params.code);
    return { deleted: req.params.code } satisfies DeletedRes;
  });

  s.get<{ Querystring: { type?: string } }>('/catalogue/packages', async (req) => ({ packages: await listPackages(db, req.query.type || undefined) }) satisfies PackagesRes);
  s.post('/catalogue/packages', OPS, async (req, reply) => {
    const pkg = await createPackage(db, body(req).package, who(req));
    logged(req, 'package created', pkg.code);
    return reply.code(201).send({ package: pkg } satisfies PackageSaveRes);
  });
  s.post<Code>('/catalogue/packages/:code', OPS, async (req) => {
    const pkg = await updatePackage(db, req.params.code, body(req).package, body(req).rev, who(req));
    logged(req, 'package updated', pkg.code);
    return { package: pkg } satisfies PackageSaveRes;
  });
  for (const [path, active] of [['withdraw', false], ['publish', true]] as const)
    s.post<Code>(`/catalogue/packages/:code/${path}`, OPS, async (req) => {
      const pkg = await setPackageActive(db, req.params.code, active, body(req).rev, who(req));
      logged(req, `package ${path}`, pkg.code);
      return { package: pkg } satisfies PackageSaveRes;
    });
  s.post<Code>('/catalogue/packages/:code/delete', OPS, async (req) => {
    await deletePackage(db, req.params.code, body(req).rev, who(req));
    logged(req, 'package deleted', req.params.code);
    return { deleted: req.params.code } satisfies DeletedRes;
  });

  s.get('/catalogue/items', async () => (await listItems(db)) satisfies ItemsRes);
  s.post('/catalogue/items', OPS, async (req, reply) => {
    const item = await createItem(db, body(req).item, who(req));
    logged(req, 'item created', item.code);
    return reply.code(201).send({ item } satisfies ItemSaveRes);
  });
  s.post<Code>('/catalogue/items/:code', OPS, async (req) => {
    const item = await updateItem(db, req.params.code, body(req).item, body(req).rev, who(req));
    logged(req, 'item updated', item.code);
    return { item } satisfies ItemSaveRes;
  });
  s.post<Code>('/catalogue/items/:code/delete', OPS, async (req) => {
    await deleteItem(db, req.params.code, body(req).rev, who(req));
    logged(req, 'item deleted', req.params.code);
    return { deleted: req.params.code } satisfies DeletedRes;
  });
}
