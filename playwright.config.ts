/**
 * Browser tests against the built site (`npm run build` first; `LEDGER_DIST` picks another
 * folder), served over HTTP on 127.0.0.1 and driven in the system's Chromium.
 */
import { defineConfig } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  distDir,
  preflightProblem,
  serverPort,
  sitePrefix,
  siteRoot,
} from './tests/support/e2e-env.ts';

// Stop before anything starts (server, workers) when there is no browser or no site.
const problem = preflightProblem();
if (problem !== null) throw new Error(problem);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  globalSetup: './tests/support/e2e-global-setup.ts',
  outputDir: process.env['E2E_OUTPUT'] ?? 'test-results',
  use: {
    // Under a base path (LEDGER_BASE), the site's home is that path: tests go to relative URLs.
    baseURL: siteRoot(),
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] },
    trace: 'off',
    screenshot: 'off',
  },
  webServer: {
    command: 'npx tsx tests/support/static-server.ts',
    url: siteRoot(),
    reuseExistingServer: !process.env['CI'],
    env: { LEDGER_DIST: distDir(), E2E_PORT: String(serverPort()), LEDGER_BASE: sitePrefix() },
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 20_000,
  },
});
