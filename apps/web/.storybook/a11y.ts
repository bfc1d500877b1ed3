import axe, { type AxeReporter, type AxeResults, type ImpactValue } from 'axe-core';

/** The impacts that fail a story, as in the browser journeys (e2e/support/a11y.ts). */
export const FAILING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * An axe reporter: axe's own v1 report keeping only the serious and critical violations, so the a11y
 * addon's `test: 'error'` fails on those alone (docs/decisions/012-storybook-and-a11y.md).
 */
const seriousOrCritical: AxeReporter<AxeResults> = (rawResults, options, resolve, reject) => {
  axe.getReporter<AxeResults>('v1')(
    rawResults,
    options,
    (results) =>
      resolve({
        ...results,
        violations: results.violations.filter((v) => FAILING_IMPACTS.includes(v.impact ?? null)),
      }),
    reject,
  );
};

/** `parameters.a11y` of every story: axe runs after it renders; a serious or critical violation fails it. */
export const a11yParameters = {
  test: 'error',
  config: { reporter: seriousOrCritical },
} as const;
