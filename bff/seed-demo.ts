/** `npm run seed:demo`: adds the demo companies and users to the configured database, once. */
import { RequestContext } from '@mikro-orm/core';
import { describeDatabase, loadConfig } from './config';
import { initOrm, migrate } from './db';
import { DEMO_USERS, seedDemo } from './seeders/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  const orm = await initOrm(config);
  try {
    await migrate(orm);
    const seeded = await RequestContext.create(orm.em, () => seedDemo(orm.em, { data: config }));
    if (!seeded) {
      console.info(`The demo data already exists in ${describeDatabase(config.database)}; nothing to do.`);
      return;
    }
    console.info(`Demo data created in ${describeDatabase(config.database)}. Sign in with:`);
    for (const user of DEMO_USERS) console.info(`  ${user.email.padEnd(24)} ${user.password.padEnd(20)} ${user.role}`);
  } finally {
    await orm.close();
  }
}

main().catch((failure: unknown) => {
  console.error('Seeding the demo failed:', failure);
  process.exit(1);
});
