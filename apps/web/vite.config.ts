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
        // A first load is three files: React and the router (they change less often than our code, so
        // they stay cached across releases), the runtime, and everything the entry needs statically
        // ('$initial': the app shell, i18next, TanStack Query, Mantine's core). Other screens' Mantine
        // components come in two shared chunks, 'layout' (small, for the public screens) and 'popups'
        // (inputs, Select and floating-ui, dialogs), rather than one file per component: each file is a
        // request with its headers, and a slow link pays a round trip for every six. Everything else is
        // left to the bundler, so it arrives with the first screen that uses it (zod, Trans, charts).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            { name: 'initial', tags: ['$initial'], priority: 3 },
            {
              name: 'layout',
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Paper|SimpleGrid|Card|Collapse|Flex|Center|Container|Stack|Group|Title|Text|Badge|Button|Anchor|Alert|Loader|CloseButton|UnstyledButton|VisuallyHidden|Box|ThemeIcon)[\\/]/,
              priority: 2,
            },
            // zod and the shared schemas: one file for every screen that validates, not one per schema.
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/](zod|[\w-]+\.schema)\.ts$/, priority: 1 },
            {
              name: 'popups',
              test: /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es)[\\/]|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Popover|Combobox|ScrollArea|Select|Autocomplete|Modal|ModalBase|FocusTrap|Transition|Portal|Overlay|TextInput|Textarea|PasswordInput|Checkbox|InputBase|FileInput|FileButton|Input)|utils[\\/]Floating)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
