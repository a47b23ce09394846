import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One server for the run, on a fresh data folder and its own ports; workers inherit these.
process.env.E2E_PORT ??= String(4100 + Math.floor(Math.random() * 800));
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 1000);
process.env.E2E_DIR ??= mkdtempSync(join(tmpdir(), 'shop-e2e-'));
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Ceilings, not waits: a machine twice as slow (or a loaded one) takes a long journey past a minute.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Under CI the failures are also written as JSON, for the suite's summary to name them (scripts/test.mjs).
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never' }], ['json', { outputFile: 'test-results/journeys.json' }]]
    : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The banner's sheen and the logo's pulse never stop; a headless Chromium paints them in software on
    // every frame, which took most of the two cores. They honour reduced motion, and no journey looks at them.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: /(brand|cod)\.spec\.ts/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
    // Renaming the shop, or changing its COD rules, would race the journeys that read them: these run after all of them.
    { name: 'brand', testMatch: /(brand|cod)\.spec\.ts/, dependencies: ['desktop'], use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
