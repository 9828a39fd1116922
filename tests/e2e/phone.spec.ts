/** At phone width (375 px) no page of any kind scrolls sideways. */
import { expect, test } from '@playwright/test';
import { pageKinds } from '../support/e2e-kinds.ts';

// Not `isMobile`: mobile emulation zooms out to fit a too-wide page, which would hide the overflow.
test.use({ viewport: { width: 375, height: 812 } });

for (const { kind, url, missing } of pageKinds()) {
  test(`375px: ${kind} has no horizontal scroll`, async ({ page }) => {
    expect(url, `the built site has a ${kind} (${missing ?? ''})`).not.toBeNull();
    await page.goto(url!);
    await page.evaluate(() => document.fonts.ready);
    const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
      // Name the elements that stick out, to say what to fix.
      const overflowing = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= window.innerWidth + 0.5)
        .slice(0, 5)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} (right edge ${Math.round(e.getBoundingClientRect().right)}px)`,
        );
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest: overflowing };
    });
    expect(
      scrollWidth,
      `${url} is ${scrollWidth}px wide at ${innerWidth}px; sticking out: ${widest.join(', ')}`,
    ).toBeLessThanOrEqual(innerWidth);
  });
}
