import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The impacts that fail a page, as in the Storybook tests (apps/web/.storybook/a11y.ts). */
const FAILING_IMPACTS: readonly (string | null | undefined)[] = ['serious', 'critical'];

/** Nodes listed per rule in a failure message; the rest are counted. */
const NODES_SHOWN = 5;

/** One violation as a few readable lines: impact, rule, help, link, then each node with its fix. */
function describeViolation(violation: Violation): string {
  const nodes = violation.nodes.slice(0, NODES_SHOWN).map((node) => {
    const fix = (node.failureSummary ?? '').split('\n').map((line) => `      ${line.trim()}`);
    return [`    at ${node.target.join(' ')}`, `      ${node.html.slice(0, 200)}`, ...fix].join('\n');
  });
  const more = violation.nodes.length - NODES_SHOWN;
  return [
    `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
    ...nodes,
    ...(more > 0 ? [`    … and ${more} more`] : []),
  ].join('\n');
}

/**
 * Runs axe on the page as it is now and fails, listing every rule and node, when it finds a serious or
 * critical violation. `exclude` leaves out parts of the page (say why at the call).
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const failing = violations.filter((violation) => FAILING_IMPACTS.includes(violation.impact));
  if (failing.length > 0) {
    throw new Error(
      `axe found ${failing.length} serious or critical violation(s) on ${page.url()}:\n` +
        failing.map(describeViolation).join('\n'),
    );
  }
}
