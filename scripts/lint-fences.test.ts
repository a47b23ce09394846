// docs/style.md, Boundaries: a fence is real only if a test shows it stop someone. This copies the
// lint configuration (eslint.config.js, the tsconfigs, the workspace package.json files) into a
// temporary folder, plants one forbidden import of each kind beside clean control files, and lints
// only the planted files.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
const copied = [
  'eslint.config.js',
  'package.json',
  'tsconfig.base.json',
  'apps/api/tsconfig.json',
  'apps/web/tsconfig.json',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'e2e/tsconfig.json',
];

// The features and modules are planted ones (alpha, beta), so the test does not move when the real
// tree does; eslint.config.js builds its zones from whatever folders it finds.
const planted: Record<string, string> = {
  'apps/web/src/features/alpha/alpha-slice.ts': `export const alphaCount = 1;\n`,
  'apps/web/src/features/beta/beta-slice.ts': `import { alphaCount } from '../alpha/alpha-slice';\nexport const betaCount = alphaCount + 1;\n`,
  'apps/web/src/components/ui/alpha-badge.tsx': `import { alphaCount } from '../../features/alpha/alpha-slice';\nexport const AlphaBadge = () => <span>{alphaCount}</span>;\n`,
  'apps/web/src/components/ui/page-badge.tsx': `import Page from '../../app/routes/planted-page';\nexport const PageBadge = () => <Page />;\n`,
  'apps/web/src/features/alpha/alpha-route.tsx': `import Page from '../../app/routes/planted-page';\nexport const AlphaRoute = () => <Page />;\n`,
  'apps/web/src/lib/alpha-total.ts': `import { alphaCount } from '../features/alpha/alpha-slice';\nexport const alphaTotal = alphaCount + 1;\n`,
  'apps/web/src/lib/page-name.tsx': `import Page from '../app/routes/planted-page';\nexport const pageName = Page.name;\n`,
  'apps/web/src/lib/api-total.ts': `import { alphaRows } from '../../../api/src/modules/alpha/alpha.table';\nexport const total = alphaRows.length;\n`,
  'apps/web/src/lib/cycle-a.ts': `import { b } from './cycle-b';\nexport const a = () => b() + 1;\n`,
  'apps/web/src/lib/cycle-b.ts': `import { a } from './cycle-a';\nexport const b = () => (Math.random() > 2 ? a() : 0);\n`,
  'apps/web/src/lib/plain-format.ts': `export const formatCount = (n: number) => String(n);\n`,
  'apps/api/src/modules/alpha/alpha.table.ts': `export const alphaRows: string[] = [];\n`,
  'apps/api/src/modules/alpha/alpha.service.ts': `import { alphaRows } from './alpha.table.ts';\nexport const countAlpha = () => alphaRows.length;\n`,
  'apps/api/src/modules/beta/beta.service.ts': `import { countAlpha } from '../alpha/alpha.service.ts';\nexport const countBeta = () => countAlpha() + 1;\n`,
  'apps/api/src/flows/planted-flow.ts': `import { countAlpha } from '../modules/alpha/alpha.service.ts';\nexport const plantedFlow = () => countAlpha();\n`,
  'apps/api/src/modules/alpha/alpha.queries.ts': `import { plantedFlow } from '../../flows/planted-flow.ts';\nexport const alphaTotal = () => plantedFlow();\n`,
  'apps/api/src/plugins/planted-plugin.ts': `export const pluginName = 'planted';\n`,
  'apps/api/src/storefront/planted-page.ts': `export const pageTitle = 'planted';\n`,
  'apps/api/src/modules/alpha/alpha-plugin.ts': `import { pluginName } from '../../plugins/planted-plugin.ts';\nexport const alphaPlugin = () => pluginName;\n`,
  'apps/api/src/modules/alpha/alpha-page.ts': `import { pageTitle } from '../../storefront/planted-page.ts';\nexport const alphaPage = () => pageTitle;\n`,
  'apps/api/src/modules/alpha/alpha-app.ts': `import { buildApp } from '../../app.ts';\nexport const alphaApp = buildApp;\n`,
  'apps/api/src/modules/alpha/alpha-route.ts': `import { betaReply } from '../../http/beta.routes.ts';\nexport const alphaRoute = () => betaReply();\n`,
  'apps/api/src/flows/routed-flow.ts': `import { betaReply } from '../http/beta.routes.ts';\nexport const routedFlow = () => betaReply();\n`,
  'apps/api/src/app.ts': `export const buildApp = () => 'app';\n`,
  'packages/shared/src/web-format.ts': `import { formatCount } from '../../../apps/web/src/lib/plain-format.ts';\nexport const formatted = formatCount(1);\n`,
  // Controls: a page composes features; a module joins another module's table.
  'apps/web/src/app/routes/planted-page.tsx': `import { alphaCount } from '../../features/alpha/alpha-slice';\nimport { formatCount } from '../../lib/plain-format';\nexport default function Page() {\n  return <p>{formatCount(alphaCount)}</p>;\n}\n`,
  // HTTP on top: a route file calls modules, flows and plugins.
  'apps/api/src/http/beta.routes.ts': `import { alphaRows } from '../modules/alpha/alpha.table.ts';\nimport { countBeta } from '../modules/beta/beta.service.ts';\nimport { plantedFlow } from '../flows/planted-flow.ts';\nimport { pluginName } from '../plugins/planted-plugin.ts';\nexport const betaReply = () => ({ rows: alphaRows.length, count: countBeta() + plantedFlow(), pluginName });\n`,
};

let root: string;
let results: Map<string, ESLint.LintResult>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lint-fences-'));
  for (const file of copied) cpSync(join(repo, file), join(root, file));
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(planted)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const eslint = new ESLint({ cwd: root });
  const linted = await eslint.lintFiles(Object.keys(planted));
  results = new Map(linted.map((r) => [r.filePath.slice(root.length + 1), r]));
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function problems(file: string) {
  const result = results.get(file);
  if (!result) throw new Error(`${file} was not linted`);
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('lint fences', () => {
  it.each([
    [
      'a web feature imports a sibling feature',
      'apps/web/src/features/beta/beta-slice.ts',
      'A feature must not import another feature',
    ],
    [
      'an API module imports another module’s service',
      'apps/api/src/modules/beta/beta.service.ts',
      'A module may import only another module’s *.table.ts',
    ],
    [
      'a ui component imports a feature',
      'apps/web/src/components/ui/alpha-badge.tsx',
      'A ui component takes props and returns JSX',
    ],
    [
      'a ui component imports from app/',
      'apps/web/src/components/ui/page-badge.tsx',
      'A ui component takes props and returns JSX',
    ],
    ['a web feature imports app/', 'apps/web/src/features/alpha/alpha-route.tsx', 'A feature never imports app/'],
    ['lib imports a feature', 'apps/web/src/lib/alpha-total.ts', 'Shared web code (lib, config, hooks) imports no feature'],
    ['lib imports from app/', 'apps/web/src/lib/page-name.tsx', 'Shared web code (lib, config, hooks) imports no feature'],
    [
      'packages/shared imports the web app',
      'packages/shared/src/web-format.ts',
      'packages/shared imports neither app',
    ],
    ['the web app imports the API', 'apps/web/src/lib/api-total.ts', 'The web app never imports the API'],
    ['a module’s queries call a flow', 'apps/api/src/modules/alpha/alpha.queries.ts', 'A module is the bottom layer'],
    ['a module imports a plugin', 'apps/api/src/modules/alpha/alpha-plugin.ts', 'A module is the bottom layer'],
    ['a module imports the storefront', 'apps/api/src/modules/alpha/alpha-page.ts', 'A module is the bottom layer'],
    ['a module imports app.ts', 'apps/api/src/modules/alpha/alpha-app.ts', 'A module is the bottom layer'],
    ['a module imports a route file', 'apps/api/src/modules/alpha/alpha-route.ts', 'A module is the bottom layer'],
    ['a flow imports a route file', 'apps/api/src/flows/routed-flow.ts', 'A flow sits below HTTP'],
  ])('stops %s', (_name, file, message) => {
    expect(problems(file)).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining(message) },
    ]);
  });

  it('stops an import cycle', () => {
    expect(problems('apps/web/src/lib/cycle-a.ts')).toEqual([
      { rule: 'import-x/no-cycle', message: expect.stringContaining('cycle') },
    ]);
  });

  it.each([
    'apps/web/src/app/routes/planted-page.tsx',
    'apps/api/src/http/beta.routes.ts',
    'apps/api/src/flows/planted-flow.ts',
    'apps/web/src/lib/plain-format.ts',
  ])('lets the clean file %s through', (file) => {
    expect(problems(file)).toEqual([]);
  });
});
