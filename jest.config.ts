/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

/* jose ships ES modules only; swc turns them into CommonJS like our own sources. */
const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
};
const transformIgnorePatterns = ['/node_modules/(?!(jose)/)'];

/*
 * A test waits for the state that proves its outcome; these bounds only say how long it may wait.
 * CI runs on a busy two-core machine where jest's 5 s default is reached by tests that take 1 s
 * when idle, so every project waits up to a minute (suites that drive a browser set more).
 */
const testTimeout = 60_000;

const config: Config = {
  // The default output, then one line over all projects: "N passed, M failed".
  reporters: ['default', '<rootDir>/test/summary-reporter.cjs'],
  projects: [
    {
      displayName: 'unit',
      testTimeout,
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
      testTimeout,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/server/**/*.test.ts'],
      globalSetup: '<rootDir>/test/postgres-setup.ts',
      globalTeardown: '<rootDir>/test/postgres-teardown.ts',
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'client',
      testTimeout,
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
      testTimeout,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
