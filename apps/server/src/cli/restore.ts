// npm run restore -- --from backups/site.tar [--force]
// Restores into the configured DATA_DIR (PGlite) or DATABASE_URL, and the configured storage. Both
// must be empty unless --force, which replaces what is there. The server must not be running on
// the target; start it afterwards and it applies any migration newer than the backup.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { describeStorage, openStorage } from '../lib/storage/open';
import { BackupError, restoreBackup } from './backup/archive';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean', default: false } } });
  if (!values.from) {
    console.error('Usage: npm run restore -- --from FILE.tar [--force]');
    process.exit(2);
  }
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from);
  const config = loadConfig();
  const where = config.storageUrl ?? path.join(config.dataDir, 'uploads');
  console.log(`Restoring ${from} into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir} and ${describeStorage(where)}…`);
  const manifest = await restoreBackup({
    from,
    target: config.databaseUrl ? { kind: 'pg', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    storage: openStorage(where),
    force: values.force,
    log: (l) => console.log(l),
  });
  console.log(`Restored ${manifest.files.length} files and the database at migration ${manifest.migration}. Start the server.`);
}

main().catch((err) => {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
});
