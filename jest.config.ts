/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

/* jose ships ES modules only; swc turns them into CommonJS like our own sources. */
const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
};
const transformIgnorePatterns = ['/node_modules/(?!(jose)/)'];


const config: Config = {
  /*
   * A test waits for the state that proves its outcome; this bound only says how long it may wait.
   * CI runs on a busy two-core machine where jest's 5 s default is reached by tests that take 1 s
   * when idle, so every test and hook waits up to a minute (suites that drive a browser set more).
   * Jest reads it from the run's own options, not a project's.
   */
  testTimeout: 60_000,
  // The default output, then one line over all projects: "N passed, M failed".
  reporters: ['default', '<rootDir>/test/summary-reporter.cjs'],
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/src/shared/**/*.test.ts',
        '<rootDir>/config/**/*.test.ts',
        '<rootDir>/locales/**/*.test.ts',
        '<rootDir>/test/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.ts',
      ],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/server/**/*.test.ts'],
      globalSetup: '<rootDir>/test/postgres-setup.ts',
      globalTeardown: '<rootDir>/test/postgres-teardown.ts',
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/test/client-setup.ts'],
      // Language chunks are a build's lazy imports; tests read the same folders from disk (test/language-files.ts).
      moduleNameMapper: { '^\\.{1,2}/(.*/)?languageChunks$': '<rootDir>/test/language-files.ts' },
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
