/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const swc: Config['transform'] = {
  '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

// A few dependencies ship only ES modules (typebox as .mjs files); Jest on Node 20 needs them
// compiled to CommonJS.
const esmOnly = ['cookie', 'typebox', 'content-disposition'];

const common = {
  transform: swc,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

const config: Config = {
  // Hooks build a real app on a fresh database; shared CI machines can be slow.
  testTimeout: 30_000,
  // One worker per core: a test file mostly waits on its database (PGlite works in a thread of
  // its own, PostgreSQL in its own process), so two files at once use two cores (docs/testing.md).
  maxWorkers: '100%',
  projects: [
    {
      ...common,
      displayName: 'domain',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/domain/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}'],
      // jsdom lacks TextEncoder and the fetch classes the portal relies on.
      setupFiles: ['<rootDir>/src/client/test/jsdomGlobals.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test/testingLibrary.ts'],
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/server/**/*.test.ts', '<rootDir>/test/server/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'cluster',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/cluster/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      // One Chromium and one prepared demo data folder for the whole run (test/browser/harness.ts).
      globalSetup: '<rootDir>/test/browser/globalSetup.ts',
      globalTeardown: '<rootDir>/test/browser/globalTeardown.ts',
    },
  ],
};

export default config;
