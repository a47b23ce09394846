import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const dirs = (path) => (existsSync(path) ? readdirSync(path, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);

// STYLE.md boundaries: a web feature never imports a sibling feature; an API module imports another
// module's *.table.ts only (payments may also call the orders service, which owns the checkout flow).
const featureZones = dirs('apps/web/src/features').map((f) => ({
  target: `./apps/web/src/features/${f}`,
  from: './apps/web/src/features',
  except: [`./${f}`],
  message: 'A feature must not import another feature: compose them in a page (app/routes).',
}));
const moduleZones = dirs('apps/api/src/modules').flatMap((m) =>
  dirs('apps/api/src/modules')
    .filter((other) => other !== m)
    .map((other) => ({
      target: `./apps/api/src/modules/${m}`,
      from: `./apps/api/src/modules/${other}`,
      except: [`./${other}.table.ts`, ...(m === 'payments' && other === 'orders' ? ['./orders.service.ts'] : [])],
      message: 'A module may import only another module’s *.table.ts.',
    })),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.test-data/**', 'apps/api/drizzle/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'playwright.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/api', message: 'The web app never imports the API.' },
            { target: './apps/api', from: './apps/web', message: 'The API never imports the web app.' },
            { target: './packages/shared', from: './apps', message: 'packages/shared imports neither app.' },
            ...featureZones,
            ...moduleZones,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Node scripts: the runtime's globals.
    files: ['scripts/**/*.mjs', 'e2e/**/*.mjs', 'eslint.config.js', 'apps/*/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/env.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in src/env.ts only.' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/app/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector/useAppDispatch from app/hooks.' },
            { name: '@shop/shared', allowTypeImports: true, message: 'Import a subpath (@shop/shared/constants, /money, /auth…) so pages load only what they use.' },
          ],
        },
      ],
    },
  },
);
