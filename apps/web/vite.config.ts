import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The development loop: this dev server on 5173 and the API server (npm run dev, port 3000) side by
// side; /api goes to the API server. API_URL points it elsewhere (another port or machine).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // changeOrigin false: the API sees the browser's host, so its same-origin checks (CSRF, better-auth)
    // accept the dev server's origin as they accept its own.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        // Two chunks for every screen's first load: React and the router (they change less often than
        // our code, so they stay cached across releases), and everything else the entry needs statically
        // ('$initial': the app shell, i18next, TanStack Query, Mantine's core). Many small files would
        // cost a request each, with its headers and a round trip on a slow link, and compress worse.
        // Every other module is left to the bundler, so it arrives with the first screen that uses it
        // (Mantine's other components, zod, react-i18next's Trans).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            { name: 'initial', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
