/**
 * `astro dev` shows content changes live, end to end: the dev server runs on a copy of the claims,
 * a page is open in Chromium, a claim's YAML is edited, and the open page reloads by itself with
 * the new statement; a broken edit shows an error and the fix brings the page back. Skipped when
 * there is no Chromium (see tests/support/e2e-env.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../../support/cli.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../../support/e2e-env.ts';

const SLUG = 'eastbrook-lead-limit';

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment `npm run dev` would have: without vitest's NODE_ENV=test (with which Astro turns
 * hot reloading off) and its VITEST variables.
 */
function devEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['NODE_ENV'];
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  return env;
}

/** Waits until the URL answers (any status), or fails after `ms`. */
async function waitFor(url: string, ms: number, log: () => string): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > until) throw new Error(`the dev server did not answer at ${url}:\n${log()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

describe.skipIf(!existsSync(chromiumPath()))('npm run dev shows content changes live', () => {
  let work: string;
  let dev: ChildProcess | null = null;
  let browser: Browser | null = null;
  let origin: string;
  let output = '';

  beforeAll(async () => {
    work = tempDir('ledger-dev-');
    cpSync(join(REPO_ROOT, 'content'), join(work, 'content'), { recursive: true });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dev = spawn(
      process.execPath,
      ['node_modules/astro/astro.js', 'dev', '--port', String(port), '--host', '127.0.0.1'],
      {
        cwd: REPO_ROOT,
        env: {
          ...devEnvironment(),
          LEDGER_CONTENT: join(work, 'content'),
          ASTRO_TELEMETRY_DISABLED: '1',
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    dev.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    dev.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    await waitFor(`${origin}/`, 60_000, () => output);
    browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    if (dev && dev.exitCode === null) {
      const exited = new Promise((r) => dev!.once('exit', r));
      dev.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('reloads an open claim page when its YAML is saved, and recovers from a mistake', async () => {
    const file = join(work, 'content', 'claims', `${SLUG}.yaml`);
    const original = readFileSync(file, 'utf8');
    const statement = /^statement: (.*)$/m.exec(original)![1]!;
    const page = await browser!.newPage();
    const errors: string[] = [];
    // Each page load opens the dev server's reload channel anew; a file saved before it is open
    // would reload nothing, so every save below waits for the page on show to be connected.
    let connections = 0;
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
      if (m.text().includes('[vite] connected')) connections += 1;
    });
    const connected = (count: number) =>
      expect.poll(() => connections, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
    await page.goto(`${origin}/claims/${SLUG}/`);
    const heading = page.locator('h1.claim-statement');
    expect(await heading.textContent({ timeout: 60_000 })).toBe(statement);
    await connected(1);

    // Saved: the open page reloads by itself with the new statement.
    const edited = 'The Eastbrook water plant met the 2025 lead limit, as edited live.';
    writeFileSync(file, original.replace(`statement: ${statement}`, `statement: ${edited}`));
    await expect
      .poll(() => heading.textContent({ timeout: 1_000 }).catch(() => null), { timeout: 30_000 })
      .toBe(edited);
    await connected(2);

    // A mistake: the page shows the check message instead of stale content.
    writeFileSync(file, original.replace('type: factual', 'type: factual\ntype: twice'));
    await expect.poll(async () => (await page.content()).includes(edited), { timeout: 30_000 }).toBe(false);
    const response = await fetch(`${origin}/claims/${SLUG}/`);
    expect(response.status).toBe(500);
    await connected(3);

    // Fixed: the page comes back.
    writeFileSync(file, original);
    await expect
      .poll(() => heading.textContent({ timeout: 1_000 }).catch(() => null), { timeout: 30_000 })
      .toBe(statement);
    // The policy lets the dev server's reload channel through: no CSP violation was logged.
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  }, 120_000);
});
