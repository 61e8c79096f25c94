import fs from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import { hasChromium, launchBrowserServer, prepareDemoData } from './portal';

/**
 * Once per run of the browser project: one Chromium that every test file connects to, and one demo
 * data folder that every file's portal starts from a copy of (`usePortal` in harness.ts). Handed to
 * the test files through the environment, which Jest's workers inherit.
 */
export const BROWSER_ENDPOINT = 'PORTAL_TEST_BROWSER_ENDPOINT';
export const DEMO_DATA = 'PORTAL_TEST_DEMO_DATA';

const run = globalThis as typeof globalThis & { browserServer?: BrowserServer };

export default async function globalSetup() {
  if (!hasChromium) return; // describeInBrowser says why the files are skipped, or fails in CI
  const [server, demoData] = await Promise.all([launchBrowserServer(), prepareDemoData()]);
  run.browserServer = server;
  process.env[BROWSER_ENDPOINT] = server.wsEndpoint();
  process.env[DEMO_DATA] = demoData;
}

export async function globalTeardown() {
  await run.browserServer?.close();
  const demoData = process.env[DEMO_DATA];
  if (demoData) fs.rmSync(demoData, { recursive: true, force: true });
}
