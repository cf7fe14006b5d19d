// npm run storage:copy -- --from ./data/uploads --to 's3://bucket?endpoint=…&region=…'
// Moves a site's files between disk and object storage (either way). Resumable: run it again after
// an interruption and it copies only what is missing. Copy while the site runs, then switch
// STORAGE_URL and run it once more to pick up what was uploaded meanwhile.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyStorage } from '../lib/storage/copy';
import { describeStorage, openStorage } from '../lib/storage/open';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to || values.from === values.to) {
    console.error(
      'Usage: npm run storage:copy -- --from <folder or s3://bucket?endpoint=…&region=…> --to <folder or s3://…>\n' +
        'A folder is a disk store (DATA_DIR/uploads); credentials for s3:// come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.',
    );
    process.exit(2);
  }
  // npm runs workspace scripts in apps/server; a relative folder means where the person typed it.
  const where = (v: string) => (v.startsWith('s3://') ? v : path.resolve(process.env.INIT_CWD ?? process.cwd(), v));
  values.from = where(values.from);
  values.to = where(values.to);
  if (!values.from.startsWith('s3://') && !existsSync(values.from)) {
    console.error(`No such folder: ${values.from}`);
    process.exit(2);
  }
  const from = openStorage(values.from);
  const to = openStorage(values.to);
  await Promise.all([from.ping(), to.ping()]).catch((err: Error) => {
    console.error(`Cannot reach the storage: ${err.message}`);
    process.exit(1);
  });
  console.log(`Copying from ${describeStorage(values.from)} to ${describeStorage(values.to)}…`);
  let seen = 0;
  const result = await copyStorage(from, to, (key, outcome) => {
    if (outcome === 'failed') console.error(`  failed: ${key}`);
    if (++seen % 100 === 0) console.log(`  ${seen} files looked at`);
  });
  console.log(`Copied ${result.copied}, already there ${result.skipped}, failed ${result.failed.length}.`);
  for (const { key, error } of result.failed) console.error(`  ${key}: ${error}`);
  if (result.failed.length) {
    console.error('Run the same command again to retry what failed.');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
