/**
 * `npx tsx scripts/dev/og-image.ts`: draws public/og-image.png, the picture link previews show for
 * every page (most previews refuse SVG). Run by hand when the picture should change; the PNG is
 * committed. Chromium renders a fixed page of text in its own fonts at a fixed size, so the same
 * Chromium gives the same picture.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/support/e2e-env.ts';

const WIDTH = 1200;
const HEIGHT = 630;

const html = `<!doctype html><html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; }
  body { background: #f6f4ee; color: #1d1d1f; font-family: "DejaVu Serif", Georgia, serif;
         display: flex; flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box; }
  .brand { font: 600 34px "DejaVu Sans", sans-serif; color: #7a3e00; letter-spacing: 0.02em; margin: 0 0 28px; }
  h1 { font-size: 76px; line-height: 1.08; margin: 0 0 36px; font-weight: 700; }
  p { font: 30px/1.4 "DejaVu Sans", sans-serif; margin: 0; color: #3a3a3c; }
  .bar { display: flex; gap: 14px; margin-top: 48px; }
  .bar span { height: 18px; border-radius: 9px; }
</style></head><body>
  <p class="brand">the claim ledger</p>
  <h1>Every claim’s arithmetic, in the open.</h1>
  <p>Evidence, weights, prior, probability — each step worked out, with a trace anyone can re-score.</p>
  <div class="bar"><span style="width:300px;background:#1f6f43"></span><span style="width:180px;background:#b8860b"></span><span style="width:90px;background:#9b2c2c"></span></div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: [...CHROMIUM_ARGS, '--font-render-hinting=none'],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  await page.setContent(html);
  writeFileSync('public/og-image.png', await page.screenshot({ type: 'png', animations: 'disabled' }));
  process.stdout.write(`Wrote public/og-image.png (${WIDTH} × ${HEIGHT}).\n`);
} finally {
  await browser.close();
}
