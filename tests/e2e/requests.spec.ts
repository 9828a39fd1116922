/**
 * Every page of the site loads from its own origin alone: no request to another origin, no
 * console error (a Content-Security-Policy violation is one), no uncaught exception and no
 * failed request.
 *
 * What a page asks for when it loads is of two parts. What its markup names (scripts, stylesheets,
 * fonts, images, icons) is read from every page by the link check (links.spec.ts): each resolves
 * to a file of the site, none is on another origin. What it does at run time comes from its scripts
 * and the data they read, and runs under its Content-Security-Policy: pages that run the same (the
 * same scripts, script data, `data-src` and policy) behave alike. So every page is loaded, except
 * three kinds of many pages of one template each: a claim under a model other than the default
 * (one loaded for each model, of a different claim each; every claim's default page is loaded,
 * so every state and type), a claim's history (the first loaded), and a comparison of two models
 * (the default beside each other model loaded); and the pre-rendered listings (one template,
 * differing only in which rows show), of which those filtered by one of type or state are loaded
 * (every type, every state and every sort still appears). The last test checks that every page
 * left out runs what a loaded page runs, so a page with a script or data of its own is never
 * skipped.
 */
import { expect, test } from '@playwright/test';
import { NOT_FOUND_URL } from '../support/e2e-kinds.ts';
import { defaultModelOrNull, htmlFiles, parsedPage, urlOfFile } from '../support/e2e-site.ts';
import { problemsOf, watch } from '../support/e2e-watch.ts';

const PER_TEST = 20;

/** The model folder of a claim page under another model (`claims/<slug>/<model>/index.html`), or null. */
const modelOfClaimPage = (file: string): string | null => {
  const parts = file.split('/');
  return parts.length === 4 && parts[0] === 'claims' && parts[2] !== 'history' ? parts[2]! : null;
};

/** The built pages this test loads (see above), and the ones it leaves out. */
function split(): { loaded: string[]; left: string[] } {
  const files = htmlFiles();
  const defaultModel = defaultModelOrNull();
  const loaded: string[] = [];
  const left: string[] = [];
  const modelsSeen = new Set<string>();
  let history = false;
  const slugs = [...new Set(files.filter((f) => modelOfClaimPage(f) !== null).map((f) => f.split('/')[1]!))];
  const models = [...new Set(files.map(modelOfClaimPage).filter((m) => m !== null))].sort();
  for (const file of files) {
    const model = modelOfClaimPage(file);
    let keep: boolean;
    if (model !== null) {
      // Model number i is loaded on the first claim from number i on, so the models spread over claims.
      const slug = file.split('/')[1]!;
      keep = !modelsSeen.has(model) && slugs.indexOf(slug) >= models.indexOf(model) % slugs.length;
      if (keep) modelsSeen.add(model);
    } else if (/^claims\/[^/]+\/history\/index\.html$/.test(file)) {
      keep = !history;
      history = true;
    } else if (/^compare\/[^/]+\/[^/]+\/index\.html$/.test(file)) {
      keep = defaultModel !== null && file.split('/').slice(1, 3).includes(defaultModel);
    } else if (file.startsWith('browse/')) {
      keep = file.startsWith('browse/all/') || /^browse\/[^/]+\/all\//.test(file);
    } else keep = true;
    (keep ? loaded : left).push(file);
  }
  return { loaded, left };
}

const { loaded, left } = split();
const urls = [...loaded.map(urlOfFile), NOT_FOUND_URL];
const chunks: string[][] = [];
for (let i = 0; i < urls.length; i += PER_TEST) chunks.push(urls.slice(i, i + PER_TEST));

for (const [n, chunk] of chunks.entries()) {
  test(`pages ${n * PER_TEST + 1}–${n * PER_TEST + chunk.length} of ${urls.length} load from the site alone`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const watched = await watch(page, { allow404: (url) => new URL(url).pathname === NOT_FOUND_URL });
    for (const url of chunk) {
      await page.goto(url);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    }
    expect(problemsOf(watched)).toEqual({});
  });
}

test(`each of the ${left.length} pages not loaded runs what a loaded page runs`, () => {
  const runs = (file: string): string => parsedPage(file).runs.join('\n');
  const loadedRuns = new Set(loaded.map(runs));
  expect(left.filter((file) => !loadedRuns.has(runs(file))).map(urlOfFile)).toEqual([]);
});
