/**
 * The journeys' administrators, made before the server starts (playwright.config.ts), on the run's
 * empty data directory: its first start (PostgreSQL's initdb, the migrations) happens here, as
 * `npm run create-admin` does it for an operator. One process for both accounts: each start of the
 * embedded database costs seconds of CPU before the first journey can begin.
 */
import { loadConfig } from '../apps/server/src/config';
import { openDatabaseOrExit } from '../apps/server/src/db/client';
import { createAdminAccount } from '../apps/server/src/cli/admin-account';
import { E2E_ADMIN, E2E_SETUP_ADMIN } from './admin-account';

const config = loadConfig();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  for (const admin of [
    { ...E2E_ADMIN, name: 'Ada Admin' },
    { ...E2E_SETUP_ADMIN, name: 'Administrator' },
  ]) {
    const result = await createAdminAccount(database, config, admin);
    if (!result.ok) throw new Error(`could not create ${admin.email}: ${result.message}`);
  }
} finally {
  await database.close();
}
