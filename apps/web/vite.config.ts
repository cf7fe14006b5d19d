import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorker } from './src/sw/vite-plugin';

// The development loop: this dev server on 5173 and the API server (npm run dev, port 3000) side by
// side; /api goes to the API server. API_URL points it elsewhere (another port or machine).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), serviceWorker()],
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
        // React and the router change less often than our screens: cache them apart. Mantine is
        // left to the bundler, so a screen's components arrive with the screen.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/@tanstack') || id.includes('node_modules/i18next') || id.includes('node_modules/react-i18next')) return 'data';
          if (id.includes('node_modules/zod')) return 'zod';
          return undefined;
        },
      },
    },
  },
});
