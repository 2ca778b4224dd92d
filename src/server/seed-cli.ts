/** `npm run seed`: resets the database (DATABASE_URL or DATA_DIR) and loads the demo data. */
import { openDb } from './db/index';
import { migrate } from './db/migrate';
import { dropAll, seedAll, DEMO } from './seed/index';

const db = await openDb({ migrate: false });
await dropAll(db);
await migrate(db);
await seedAll(db);
console.log(`seeded (${db.dialect}). demo openid ${DEMO.openid}, user ${DEMO.name} ${DEMO.idCard} ${DEMO.tel}`);
await db.close();
