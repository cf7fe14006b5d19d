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
        // React and the router change less often than our screens: cache them apart. So do the
        // libraries every screen runs (translations, data fetching, Mantine's core), in one chunk,
        // since many small files compress and download worse than one. Every other module is left
        // to the bundler, so it arrives with the first screen that uses it: Mantine's components,
        // zod, react-i18next's Trans (only the terms page).
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/react-i18next\/.*Trans|node_modules\/html-parse-stringify/.test(id)) return undefined;
          if (/node_modules\/(i18next|react-i18next|@tanstack\/[^/]+|@mantine\/store)\/|node_modules\/@mantine\/core\/esm\/core\//.test(id)) return 'vendor';
          return undefined;
        },
      },
    },
  },
});
