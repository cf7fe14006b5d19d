// Lint rules that hold the architecture in place (DESIGN.md): shared code flows one way,
// packages/shared -> components/lib -> features -> app, and web and server never import each other.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const features = ['auth', 'pages', 'profiles', 'feedback', 'homes', 'jobs', 'applications'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.e2e-data/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
            { target: './packages/shared', from: './apps', message: 'packages/shared depends on nothing of ours.' },
            { target: ['./apps/web/src/components', './apps/web/src/lib'], from: ['./apps/web/src/features', './apps/web/src/app'], message: 'Shared UI and helpers must not depend on features or the app.' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not depend on the app shell.' },
            ...features.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: 'A feature never imports another feature; compose them in app/ or move shared code to lib/ or components/.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
