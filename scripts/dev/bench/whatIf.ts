/**
 * The what-if figures of a built site: the panel's and the playground's scripts gzipped, and how
 * long the panel takes from a control's change to the updated figures on the site's largest claim
 * page, in Chromium with the CPU slowed four times (CDP `Emulation.setCPUThrottlingRate`, a
 * mid-range phone). `npm run bench` reports them; `npx tsx scripts/dev/bench/whatIf.ts [dist]`
 * measures an existing build alone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { createStaticServer } from '../../../tests/support/static-server.ts';

/** What the what-if adds to the bench's figures. */
export interface WhatIfFigures {
  what_if_script_kb_gzip: number;
  playground_script_kb_gzip: number | null;
  what_if_p50_ms: number;
  what_if_p95_ms: number;
}

/** Changes timed; the first few (the JIT warming) are left out. */
const CHANGES = 60;
const WARM_UP = 10;

const gzipKb = (file: string): number =>
  Math.round((gzipSync(readFileSync(file), { level: 9 }).length / 1024) * 10) / 10;

/** The claim page (`claims/<slug>/index.html`) with the most evidence links, by the page's own controls' source. */
function largestClaimPage(dist: string): string {
  let best = { slug: '', bytes: -1 };
  for (const slug of readdirSync(join(dist, 'claims'))) {
    const file = join(dist, 'claims', slug, 'index.html');
    if (!existsSync(file)) continue;
    const bytes = statSync(file).size;
    if (bytes > best.bytes) best = { slug, bytes };
  }
  return `/claims/${best.slug}/`;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Measures the what-if figures of the site built into `dist`. */
export async function whatIfFigures(
  dist: string,
  chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
): Promise<WhatIfFigures> {
  const playground = join(dist, 'what-if', 'playground.js');
  const server = createStaticServer(dist);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}${largestClaimPage(dist)}`);
    await page.getByRole('button', { name: 'What if…' }).click();
    await page.locator('.what-if-headline').waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // In the page: a link's checkbox clicked (its change handler re-scores, writes every figure and
    // redraws the what-if pictures) until the updated figures and pictures are laid out.
    const times = await page.evaluate((changes) => {
      const box = document.querySelector<HTMLInputElement>('#what-if-link-0-on')!;
      const out: number[] = [];
      for (let i = 0; i < changes; i++) {
        const start = performance.now();
        box.click();
        void document.querySelector<HTMLElement>('.what-if-figures')!.offsetHeight;
        void document.querySelector<HTMLElement>('.what-if-pictures')?.offsetHeight;
        out.push(performance.now() - start);
      }
      return out;
    }, CHANGES);
    const sorted = times.slice(WARM_UP).sort((a, b) => a - b);
    const ms = (value: number): number => Math.round(value * 10) / 10;
    return {
      what_if_script_kb_gzip: gzipKb(join(dist, 'what-if', 'panel.js')),
      playground_script_kb_gzip: existsSync(playground) ? gzipKb(playground) : null,
      what_if_p50_ms: ms(percentile(sorted, 50)),
      what_if_p95_ms: ms(percentile(sorted, 95)),
    };
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = resolve(process.argv[2] ?? 'dist');
  process.stdout.write(`${JSON.stringify(await whatIfFigures(dist))}\n`);
}
