import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until nothing on the page is mid-animation (a toast sliding in, a colour fading): axe reads
 * the colours as they are drawn, and half-way through a fade a toast's text is too pale to pass.
 * Endless animations (a spinner) are left to run.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Runs axe on the page as it is now and fails on any serious or critical violation (WCAG 2.x A/AA). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

/** axe's heading-order (a moderate rule the check above lets pass): no heading level is skipped. */
export async function expectHeadingsInOrder(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  const found = results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  expect(found, `heading-order on ${page.url()}`).toEqual([]);
}
