import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe on the page as it is now and fails on any serious or critical violation (WCAG 2.x A/AA). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
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
  const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  const found = results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  expect(found, `heading-order on ${page.url()}`).toEqual([]);
}
