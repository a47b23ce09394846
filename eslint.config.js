import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

// Paths are taken from this file's folder, not the process's: scripts/lint-fences.test.ts lints a
// copy of the tree from another working directory.
const root = import.meta.dirname;
const dirs = (path) => {
  const abs = join(root, path);
  return existsSync(abs) ? readdirSync(abs, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
};

// docs/style.md, Boundaries. The API's layers, top to bottom: http/ (routes), flows/, modules/; a module
// imports another module's *.table.ts only.
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
      except: [`./${other}.table.ts`],
      message: 'A module may import only another module’s *.table.ts.',
    })),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '.data/**', '.test-data/**', 'apps/api/drizzle/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'playwright.config.ts', 'scripts/*.test.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    // Without a resolver no zone below matches anything (imports stay unresolved and are skipped), and
    // without the parser settings no-cycle cannot read a .ts file: scripts/lint-fences.test.ts fails if
    // either goes. TypeScript's resolution covers the `.ts` specifiers of the API and shared, the
    // extensionless ones of the web app, and @shop/shared's exports.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'].map((p) => join(root, p)),
          noWarnOnMultipleProjects: true,
        }),
        createNodeResolver(),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Only our own files are walked (ignoreExternal), so the whole graph is a few hundred files and
      // depth can stay unbounded: a maxDepth would let a long cycle through for no measured gain.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            { target: './apps/web', from: './apps/api', message: 'The web app never imports the API.' },
            { target: './apps/api', from: './apps/web', message: 'The API never imports the web app.' },
            { target: './packages/shared', from: './apps', message: 'packages/shared imports neither app.' },
            {
              target: './apps/web/src/components/ui',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'A ui component takes props and returns JSX: it imports no feature and nothing from app/.',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/config', './apps/web/src/hooks'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared web code (lib, config, hooks) imports no feature and nothing from app/.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'A feature never imports app/: shared code it needs lives in lib/ (store hooks, API client).',
            },
            ...featureZones,
            ...moduleZones,
            {
              target: './apps/api/src/modules/*/!(*.test).ts',
              from: ['./apps/api/src/flows', './apps/api/src/http', './apps/api/src/plugins', './apps/api/src/storefront', './apps/api/src/app.ts'],
              message: 'A module is the bottom layer: it never imports a flow, a route, a plugin, the storefront or app.ts.',
            },
            {
              target: './apps/api/src/flows/!(*.test).ts',
              from: ['./apps/api/src/http', './apps/api/src/plugins', './apps/api/src/storefront', './apps/api/src/app.ts'],
              message: 'A flow sits below HTTP: it never imports a route, a plugin, the storefront or app.ts.',
            },
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
    // Decision 035: the shop's name comes from its settings; only the demo's defaults may spell it.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/brand.ts', '**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/api/src/db/seed/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/Saree Pari/]', message: "The shop's name is brand.shopName (Shop Settings); the demo's is DEMO_SHOP_NAME." },
        { selector: 'TemplateElement[value.raw=/Saree Pari/]', message: "The shop's name is brand.shopName (Shop Settings); the demo's is DEMO_SHOP_NAME." },
        { selector: 'JSXText[value=/Saree Pari/]', message: "The shop's name is brand.shopName (Shop Settings); the demo's is DEMO_SHOP_NAME." },
      ],
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
    ignores: ['apps/web/src/lib/store-hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector/useAppDispatch from lib/store-hooks.' },
            { name: '@shop/shared', allowTypeImports: true, message: 'Import a subpath (@shop/shared/constants, /money, /auth…) so pages load only what they use.' },
          ],
        },
      ],
    },
  },
);
