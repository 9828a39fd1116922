/**
 * Before any test: parses every built page once, in the browser's own DOMParser, and leaves what
 * the whole-site checks need (ids, `data-field`s, URLs, formula errors) in a temporary JSON file
 * that the workers read, so no test parses the site again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, distDir, preflightProblem, siteRoot } from './e2e-env.ts';
import { ROOT_HEADER } from './static-server.ts';
import { htmlFiles, PARSED_SITE_ENV, parsePages, readSiteFile } from './e2e-site.ts';

/** Playwright's global setup: parse, write, and return the teardown that removes the file. */
export default async function globalSetup(): Promise<() => void> {
  const problem = preflightProblem();
  if (problem !== null) throw new Error(problem);
  // A server left running (reuseExistingServer) may serve another build than the one read from disk.
  const served = (await fetch(siteRoot(), { method: 'HEAD' })).headers.get(ROOT_HEADER);
  if (served === null || decodeURIComponent(served) !== distDir()) {
    throw new Error(
      `${siteRoot()} serves ${served === null ? 'something else' : decodeURIComponent(served)}, not ${distDir()}: ` +
        'stop that server or pick another port with E2E_PORT.',
    );
  }
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  try {
    const page = await browser.newPage();
    const files = htmlFiles();
    const parsed = await parsePages(
      page,
      files.map((f) => readSiteFile(f)),
    );
    const folder = mkdtempSync(join(tmpdir(), 'ledger-e2e-'));
    const file = join(folder, 'parsed-site.json');
    writeFileSync(file, JSON.stringify(Object.fromEntries(files.map((f, i) => [f, parsed[i]]))));
    process.env[PARSED_SITE_ENV] = file;
    return () => rmSync(folder, { recursive: true, force: true });
  } finally {
    await browser.close();
  }
}
