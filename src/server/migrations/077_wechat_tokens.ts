/** WeChat official account tokens shared by instances: access_token and jsapi_ticket (filled by the JS-SDK work). */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
