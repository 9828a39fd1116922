/**
 * Where the browser tests find their browser, the built site and the port they serve it on, and
 * the checks that stop a run at once (with the fix spelled out) when either is missing.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The folder the site was built into: `LEDGER_DIST`, as `npm run build` reads it, else `dist`. */
export const distDir = (): string => resolve(process.env['LEDGER_DIST'] ?? 'dist');

/**
 * The browser to drive: `CHROMIUM_PATH`, else Debian's Chromium. `.ci/run` sets it to Debian's
 * `chromium-headless-shell` (the same Chromium, about a third less CPU for the browser tests).
 */
export const chromiumPath = (): string => process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** The port the static server listens on (127.0.0.1 only). */
export const serverPort = (): number => Number(process.env['E2E_PORT'] ?? '4399');

/** The origin every page is served from. */
export const siteOrigin = (): string => `http://127.0.0.1:${serverPort()}`;

/**
 * The base path the site under test was built with and is served under: `LEDGER_BASE` (as the
 * build reads it), else `/`. Written `/sub/`.
 */
export const sitePrefix = (): string => {
  const trimmed = (process.env['LEDGER_BASE'] ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
};

/** The address of the site's home page: the origin and the base path. */
export const siteRoot = (): string => `${siteOrigin()}${sitePrefix()}`;

/**
 * Chromium flags: no sandbox (containers), and nothing that phones home during a test: no host name
 * resolves but the test server's, so a request to another origin fails at once (e2e-watch.ts
 * records it) and never leaves the machine.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why the browser tests cannot run here, with the fix; `null` when they can. */
export function preflightProblem(): string | null {
  const browser = chromiumPath();
  if (!existsSync(browser)) {
    return [
      `No Chromium at ${browser}: the browser tests drive the system's Chromium.`,
      'Install one with `apt-get install -y chromium` (Debian/Ubuntu),',
      'or point CHROMIUM_PATH at an installed Chromium or Chrome binary',
      '(such as /usr/bin/chromium-headless-shell, from `apt-get install -y chromium-headless-shell`).',
    ].join('\n');
  }
  const site = distDir();
  if (!existsSync(join(site, 'index.html'))) {
    return `No built site at ${site} (index.html is missing): run npm run build first.`;
  }
  return null;
}
