import { defineConfig } from 'vitest/config';
import { mantineWithoutProvider } from './apps/web/src/mantine-without-provider';

export default defineConfig({
  // Mantine's components find the app's theme without a provider, in the tests as in the app
  // (apps/web/src/mantine-without-provider.ts): @mantine/core goes through Vite to get the change.
  plugins: [mantineWithoutProvider()],
  test: {
    server: { deps: { inline: [/@mantine[\\/]core/] } },
    include: ['apps/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: each file still gets its own
    // database (on PGlite, a reused one put back as the template left it: test/pglite-pool.ts),
    // upload folder and app (test/app.ts), and the few that change process-wide settings
    // (the password cost, fake clocks, PATH) put them back. Importing the app once per worker instead
    // of once per file took the embedded-database run from 559 s to 410 s on a 2-core machine.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
