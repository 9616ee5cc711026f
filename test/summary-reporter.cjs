/*
 * A jest reporter for one summary line over all projects: "N passed, M failed" (failed counts failed
 * tests plus suites that could not run). Under `npm test` (scripts/test.ts sets TEST_SUMMARY_FILE) it
 * writes the numbers to that file and scripts/test.ts prints the line after jest has exited, so it is
 * the very last line of the output; under a plain `npx jest` it prints the line itself as jest exits.
 */
const { writeFileSync } = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) {
      writeFileSync(file, JSON.stringify({ passed, failed }));
      return;
    }
    // After jest's own summary and the global teardown: printed as the process exits.
    if (!this.line) process.once('exit', () => process.stdout.write(this.line));
    this.line = `\n${passed} passed, ${failed} failed\n`;
  }
}

module.exports = SummaryReporter;
