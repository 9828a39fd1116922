/**
 * axe for the browser tests, set up once: violations only, and run in the page itself.
 *
 * By default `@axe-core/playwright` runs axe in parts (`runPartial`) and gathers them in a new blank
 * tab (`finishRun`), so that it can reach frames of other origins: every run opens a page, starts a
 * renderer and parses axe's 580 KB a second time. The site's pages have no frames (a test says so
 * before each run), so legacy mode (`axe.run` in the page) checks the same rules on the same
 * elements without the extra tab.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** An AxeBuilder for `page` that reports violations only and runs axe in the page alone. */
export function axeOn(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  const analyze = builder.analyze.bind(builder);
  builder.analyze = async () => {
    // Legacy mode skips frames of other origins; the site has none, and this fails if one appears.
    expect(page.frames(), `${page.url()} has no frames, so axe in the page alone reads all of it`).toHaveLength(1);
    return analyze();
  };
  return builder;
}
