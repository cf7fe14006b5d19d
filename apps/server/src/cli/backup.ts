// npm run backup -- --out backups/site.tar
// One archive: the database (PGlite dump or pg_dump custom format), every stored file (disk or
// bucket) and a manifest (version, migration, row counts, a sha256 per file). On PGlite the server
// must be stopped first: the embedded database is one process's (see docs/deploy.md, "Backups").
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabaseOrExit } from '../db/client';
import { describeStorage, openStorage } from '../lib/storage/open';
import { BackupError, createBackup } from './backup/archive';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error('Usage: npm run backup -- --out FILE.tar');
    process.exit(2);
  }
  // npm runs workspace scripts in apps/server; a relative path means where the person typed it.
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  const config = loadConfig();
  const where = config.storageUrl ?? path.join(config.dataDir, 'uploads');
  const database = await openDatabaseOrExit({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    console.log(
      `Backing up ${config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`} and files in ${describeStorage(where)}…`,
    );
    const manifest = await createBackup({ database, databaseUrl: config.databaseUrl, storage: openStorage(where), out, log: (l) => console.log(l) });
    const rows = Object.values(manifest.database.rows).reduce((a, b) => a + b, 0);
    console.log(
      `Wrote ${out}: ${rows} rows in ${Object.keys(manifest.database.rows).length} tables, ${manifest.files.length} files, migration ${manifest.migration}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
});
