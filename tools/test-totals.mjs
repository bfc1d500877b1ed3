#!/usr/bin/env node
// Prints one line totalling every test suite of the run, from the JSON reports Vitest wrote to
// .reports/ (unit and end-to-end). Used at the end of `npm test` and by .ci/run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', '.reports');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A suite that failed to load counts as a failure even though it ran no test.
  failed +=
    (report.numFailedTests ?? 0) +
    (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
