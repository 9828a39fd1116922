/**
 * Every text of every picture on a page, as the browser lays it out: the smallest rendered font
 * size (the computed size times the SVG's scale on screen) and every pair of labels whose boxes
 * overlap. Measured in the real font, for the reading checks at phone and desk widths.
 */
import type { Page } from '@playwright/test';

/** One picture's text as measured: its smallest text in CSS px and the pairs of labels that overlap. */
export interface PictureText {
  readonly picture: string;
  readonly texts: number;
  readonly smallest: { readonly px: number; readonly text: string } | null;
  readonly overlaps: readonly string[];
}

/** How far two labels' boxes may run into each other (CSS px) before they count as overlapping. */
export const OVERLAP_TOLERANCE = 1;

/** Measures every `svg text` inside the page's figures. */
export async function measurePictureText(page: Page): Promise<PictureText[]> {
  await page.evaluate(() => document.fonts.ready);
  return page.locator('figure svg').evaluateAll(
    (svgs, tolerance) =>
      svgs.map((svg, i) => {
        const picture = svg.querySelector(':scope > title')?.textContent ?? svg.getAttribute('aria-label') ?? `#${i}`;
        const texts = [...svg.querySelectorAll('text')]
          .map((t) => {
            const ctm = t.getScreenCTM();
            const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
            return {
              text: t.textContent ?? '',
              px: parseFloat(getComputedStyle(t).fontSize) * scale,
              box: t.getBoundingClientRect(),
            };
          })
          .filter((t) => t.box.width > 0 && t.text.trim() !== '');
        let smallest: { px: number; text: string } | null = null;
        for (const t of texts) if (smallest === null || t.px < smallest.px) smallest = { px: t.px, text: t.text };
        const overlaps: string[] = [];
        texts.forEach((a, j) => {
          for (const b of texts.slice(j + 1)) {
            const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
            const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
            if (across > tolerance && down > tolerance) overlaps.push(`"${a.text}" overlaps "${b.text}"`);
          }
        });
        return { picture, texts: texts.length, smallest, overlaps };
      }),
    OVERLAP_TOLERANCE,
  );
}
