/**
 * npm run seed [-- --jobs 100000 --ads 100000 --people 100000]: fills the database named by DATABASE_URL, or the embedded one in
 * DATA_DIR, with Caribbean demo data. Safe to run again: it only adds what is missing.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import path from 'node:path';
import { openDatabaseOrExit } from '../client';
import { diskStorage } from '../../lib/storage/disk';
import { drawAdPictures, seedAds } from './ads';
import { seedPeople } from './people';
import { DEMO_PASSWORD, seedDemo } from './seed';
import { hashPassword } from '../../lib/passwords';
import { seconds } from './bulk';

const whole = (name: string, value: string | undefined, max: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be a whole number between 0 and ${max}.`);
    process.exit(2);
  }
  return n;
};

async function main() {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: '500' },
      ads: { type: 'string', default: '60' },
      'ad-pictures': { type: 'string', default: '300' },
      people: { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run seed -- [--jobs N] [--ads N] [--ad-pictures N] [--people N]   (defaults: 500 jobs, 60 ads, pictures for the newest 300 ads, no extra people)',
    );
    return;
  }
  const count = whole('jobs', values.jobs, 5_000_000);
  const adCount = whole('ads', values.ads, 5_000_000);
  const adPictures = whole('ad-pictures', values['ad-pictures'], 100_000);
  const peopleCount = whole('people', values.people, 1_000_000);
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabaseOrExit(config);
  try {
    console.log(`Seeding ${database.kind === 'pg' ? 'the PostgreSQL database in DATABASE_URL' : `the embedded database in ${config.dataDir}`}…`);
    const phase = Date.now();
    await database.migrate();
    console.log(`  migrations: ${seconds(phase)}`);
    // The server runs two writers at once (two connections, two cores); PGlite has one thread.
    const workers = database.kind === 'pg' ? 2 : 1;
    const log = (line: string) => console.log(`  ${line}`);
    // The ads' pictures are drawn here (CPU in this process) while the database writes the jobs.
    const storage = diskStorage(path.join(config.dataDir, 'uploads'));
    const drawing = drawAdPictures(database.db, storage, { ads: adCount, pictures: adPictures });
    drawing.catch(() => {});
    // The jobs' last index builds run on while the ads and people are written (finishLater).
    const { users, consultants, finishing } = await seedDemo(database.db, { jobs: count, log, workers, finishLater: true });
    try {
      await seedAds(database.db, storage, { ads: adCount, pictures: adPictures, userIds: users.map((u) => u.id), log, workers, drawing });
      if (peopleCount) await seedPeople(database.db, { people: peopleCount, passwordHash: await hashPassword(DEMO_PASSWORD), log, workers });
    } finally {
      const waited = Date.now();
      await finishing;
      if (Date.now() - waited > 1000) log(`waited ${seconds(waited)} for the jobs' indexes`);
    }
    console.log(`Seeded in ${seconds(started)}.`);
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
