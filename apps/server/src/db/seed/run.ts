/**
 * npm run seed [-- --jobs 100000]: fills the database named by DATABASE_URL, or the embedded one in
 * DATA_DIR, with Caribbean demo data. Safe to run again: it only adds what is missing.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabaseOrExit } from '../client';
import { DEMO_PASSWORD, seedDemo } from './seed';

async function main() {
  const { values } = parseArgs({ options: { jobs: { type: 'string', default: '500' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('Usage: npm run seed -- [--jobs N]   (default 500 jobs)');
    return;
  }
  const count = Number(values.jobs);
  if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
    console.error('--jobs must be a whole number between 0 and 5000000.');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabaseOrExit(config);
  try {
    console.log(`Seeding ${database.kind === 'pg' ? 'the PostgreSQL database in DATABASE_URL' : `the embedded database in ${config.dataDir}`}…`);
    await database.migrate();
    const { users, consultants } = await seedDemo(database.db, { jobs: count, log: (line) => console.log(`  ${line}`) });
    console.log('\nDemo accounts (password for all: %s):', DEMO_PASSWORD);
    for (const u of users) console.log(`  ${u.role.padEnd(9)} ${u.email.padEnd(40)} ${u.name}`);
    for (const u of consultants) console.log(`  ${'consultant'.padEnd(9)} ${u.email.padEnd(40)} ${u.name}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
