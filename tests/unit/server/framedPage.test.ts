/**
 * A server makes a claim page from its frame (store/framedPage.ts): Astro renders the frame of each
 * kind once, with the route told so through the request's locals, and every claim page of that kind
 * is the frame with the page's own title, description, canonical address, ClaimReview and article
 * filled in. (That these are the bytes Astro renders for the page, `npm test`'s server check shows
 * against a static build, page by page.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimArticleHtml } from '../../../src/lib/claim/html/claimArticle.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { pageTitle } from '../../../src/lib/claim/page.ts';
import { canonicalUrl } from '../../../src/lib/publish/pageMeta.ts';
import { FRAME_ARTICLE, framePlaceholders, type FrameKind } from '../../../src/lib/site/pool/claimFrame.ts';
import { markedFrame } from '../../../src/lib/site/pool/frameCapture.ts';
import { getSite, orderModels } from '../../../src/lib/site/site.ts';
import { writeStore } from '../../../src/lib/site/store/build.ts';
import { claimHeaders } from '../../../src/lib/site/store/serve.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-framed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { ledger } = loadLedger({ content: 'content', models: 'models' });
const models = orderModels(ledger!.models, ledger!.defaultModel);
const claims = ledger!.claims.slice(0, 2).map(({ slug, file, claim }) => ({ slug, file, claim }));
const siteUrl = new URL('https://ledger.example.org/');
const store = join(dir, 'store.sqlite');
writeStore(store, {
  codeHash: engineCodeHash(),
  commit: 'c0ffee',
  buildDate: '2026-12-01',
  base: '/',
  models,
  claims,
});
process.env['LEDGER_STORE'] = store;

/** A frame as the route renders one: each placeholder where ClaimPage.astro puts it. */
function frameHtml(kind: FrameKind): string {
  const parts = framePlaceholders(kind);
  const review = parts.review === null ? '' : `<script type="application/ld+json">${parts.review}</script>`;
  return (
    `<!DOCTYPE html><html lang="en"><head><title>${parts.title} · the claim ledger</title>` +
    `<meta name="description" content="${parts.description}">` +
    `<link rel="canonical" href="${canonicalUrl(parts.canonical, siteUrl)!}">${review}</head>` +
    `<body><header>the ledger</header><main>${FRAME_ARTICLE}</main></body></html>`
  );
}

/** Astro's route as the middleware sees it: a frame when the locals ask for one, else a page it should not be asked for. */
function route(): { asked: string[]; render: (locals: object) => () => Promise<Response> } {
  const asked: string[] = [];
  return {
    asked,
    render: (locals) => () => {
      const kind = markedFrame(locals);
      asked.push(kind ?? 'a whole page');
      return Promise.resolve(new Response(kind === null ? '<p>rendered whole</p>' : frameHtml(kind as FrameKind)));
    },
  };
}

const served = async (path: string, render: (locals: object) => () => Promise<Response>): Promise<string> => {
  const locals = {};
  const response = await claimHeaders(path, null, render(locals), locals, { site: siteUrl });
  expect(response.status).toBe(200);
  return response.text();
};

describe('a claim page on a server', () => {
  it('passes on what the route answers instead of a frame (its 404), keeping no frame', async () => {
    const asked: string[] = [];
    const missing = (locals: object) => () => {
      asked.push(markedFrame(locals) ?? 'a whole page');
      return Promise.resolve(new Response(null, { status: 404 }));
    };
    const locals = {};
    const path = `/claims/${claims[0]!.slug}/${models[1]!.id}/`;
    const response = await claimHeaders(path, null, missing(locals), locals, { site: siteUrl });
    expect([response.status, asked]).toEqual([404, ['model']]);
  });

  it("is its kind's frame, rendered once, with the page's values and article filled in", async () => {
    const { asked, render } = route();
    const [first, second] = claims.map((c) => c.slug) as [string, string];
    const other = models[1]!.id;
    const pages = {
      firstDefault: await served(`/claims/${first}/`, render),
      secondDefault: await served(`/claims/${second}/`, render),
      firstOther: await served(`/claims/${first}/${other}/`, render),
      secondOther: await served(`/claims/${second}/${other}/`, render),
    };
    // One frame of each kind, in the order first asked for; no page rendered whole.
    expect(asked).toEqual(['default', 'model']);
    const site = getSite();
    const article = (slug: string, modelId: string, onDefaultRoute: boolean): string =>
      claimArticleHtml(site, { slug, modelId, onDefaultRoute, siteUrl });
    const body = (page: string): string => /<main>([\s\S]*)<\/main>/.exec(page)![1]!;
    expect(body(pages.firstDefault)).toBe(article(first, models[0]!.id, true));
    expect(body(pages.secondDefault)).toBe(article(second, models[0]!.id, true));
    expect(body(pages.firstOther)).toBe(article(first, other, false));
    expect(body(pages.secondOther)).toBe(article(second, other, false));
    // The head is the page's own: its title and canonical address, and a ClaimReview on `/claims/<slug>/` only.
    expect(pages.secondDefault).toContain(`<link rel="canonical" href="https://ledger.example.org/claims/${second}/">`);
    expect(pages.secondOther).toContain(
      `<link rel="canonical" href="https://ledger.example.org/claims/${second}/${other}/">`,
    );
    const unescaped = (text: string): string =>
      text.replace(
        /&(amp|lt|gt|quot|#39);/g,
        (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
      );
    const title = (page: string): string => unescaped(/<title>(.*) · the claim ledger<\/title>/.exec(page)![1]!);
    expect(title(pages.secondOther)).toBe(pageTitle(site.trace(second, other)));
    expect(title(pages.firstDefault)).toBe(pageTitle(site.trace(first, models[0]!.id)));
    expect(pages.secondDefault).toMatch(/<script type="application\/ld\+json">\{"@context":"https:\/\/schema\.org"/);
    expect(pages.secondOther).not.toContain('application/ld+json');
    expect(pages.firstDefault).not.toContain('LEDGERFRAME');
  });
});
