// Lint rules that hold the architecture in place (DESIGN.md): shared code flows one way,
// packages/shared -> components/lib -> features -> app, and web and server never import each other.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Read from the folders, so a new domain is fenced in the moment it exists.
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const FEATURES = foldersOf('./apps/web/src/features');
const MODULES = foldersOf('./apps/server/src/modules');
const restrict = (...patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.bench-dist-*/**', '**/.builds/**', '**/node_modules/**', '.e2e-data/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '(^@caribconnect/server)|(\\.\\./)+(apps/)?server/',
        message: 'The web app talks to the server over HTTP only.',
      }),
    },
  },
  {
    files: ['apps/server/**'],
    rules: {
      'no-restricted-imports': restrict({ regex: '(^@caribconnect/web)|(\\.\\./)+(apps/)?web/', message: 'The server never imports the web app.' }),
    },
  },
  {
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': restrict({ regex: '(^@caribconnect/(server|web))|(\\.\\./)+apps/', message: 'packages/shared depends on nothing of ours.' }),
    },
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': restrict({ regex: '^(\\.\\./)+(features|app)/', message: 'Shared UI and helpers must not depend on features or the app.' }),
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': restrict(
        { regex: '^(\\.\\./)+app/', message: 'Features must not depend on the app shell.' },
        {
          regex: `^(\\.\\./)+(${FEATURES.filter((f) => f !== feature).join('|')})(/|$)`,
          message: 'A feature never imports another feature; compose them in app/ or move shared code to lib/ or components/.',
        },
      ),
    },
  })),
  ...MODULES.map((mod) => ({
    files: [`apps/server/src/modules/${mod}/**`],
    rules: {
      'no-restricted-imports': restrict(
        { regex: '(^@caribconnect/web)|(\\.\\./)+(apps/)?web/', message: 'The server never imports the web app.' },
        {
          regex: `^\\.\\./(${MODULES.filter((m) => m !== mod).join('|')})(/|$)`,
          message: 'A module never imports another module; move what both need to lib/, db/ or a plugin.',
        },
      ),
    },
  })),
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Admin power is decided in one place, plugins/auth.ts's isAdmin (an admin without two-step
    // sign-in holds none: issue 48). A route or service that compares a role with 'admin' itself
    // would grant it around that gate.
    files: ['apps/server/src/**'],
    ignores: ['apps/server/src/plugins/auth.ts', '**/*.test.ts', 'apps/server/test/**', 'apps/server/src/db/seed/**', 'apps/server/src/cli/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator=/^[!=]==$/][right.value='admin']",
          message:
            "Use isAdmin(user) / viewerOf / callerOf / requireAdmin from plugins/auth.ts: they decide admin power (two-step sign-in included). For another account's stored role, compare through holdsAdminRole.",
        },
      ],
    },
  },
);
