/**
 * A claim page written whole on a thread is its frame (rendered by Astro with placeholders) with the
 * page's own values filled in: each value must come out escaped exactly as Astro escapes it where the
 * placeholder stands (text, or an attribute's value), and the article and ClaimReview as they are.
 * The expected pages are made with Astro's own escaping functions, and one by hand.
 */
import { addAttribute, escapeHTML } from 'astro/runtime/server/index.js';
import { describe, expect, it } from 'vitest';
import {
  cutFrame,
  FRAME_ARTICLE,
  fillFrame,
  framePlaceholders,
  type ClaimFrameParts,
} from '../../../src/lib/site/pool/claimFrame.ts';
import { canonicalUrl } from '../../../src/lib/publish/pageMeta.ts';

const SITE = 'https://example.org/';

/** A page as Astro writes a claim page's frame around these parts (the tags the frame has them in). */
function astroPage(parts: ClaimFrameParts, article: string): string {
  const url = canonicalUrl(parts.canonical, SITE)!;
  return [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">`,
    `<meta name="description"${String(addAttribute(parts.description, 'content'))}>`,
    `<title>${escapeHTML(parts.title)} · the claim ledger</title>`,
    `<link rel="canonical"${String(addAttribute(url, 'href'))}>`,
    `<meta property="og:title"${String(addAttribute(parts.title, 'content'))}>`,
    `<meta property="og:description"${String(addAttribute(parts.description, 'content'))}>`,
    `<meta property="og:url"${String(addAttribute(url, 'content'))}>`,
    parts.review === null ? '' : `<script type="application/ld+json">${parts.review}</script>`,
    `</head><body><main id="main">${article}</main></body></html>`,
  ].join('\n');
}

const tricky: ClaimFrameParts = {
  title: `Fish & "chips" <b>'s — under ledger@1.1.0`,
  description: `Refused under ledger@1.1.0: a < b & "c" > 'd' &amp;`,
  canonical: '/claims/fish-chips/',
  review: '{"@type":"ClaimReview","name":"a \\u003cb\\u003e & \\"c\\""}',
};
const article = '<article><h1>Fish &amp; &quot;chips&quot;</h1><p>x < y</p></article>';

describe('a claim page filled into its frame', () => {
  it.each(['default', 'model'] as const)(
    'is the page Astro writes, each value escaped where it stands (%s route)',
    (kind) => {
      const parts = kind === 'default' ? tricky : { ...tricky, review: null };
      const frame = cutFrame(kind, astroPage(framePlaceholders(kind), FRAME_ARTICLE), SITE);
      expect(fillFrame(frame, parts, article, SITE)).toBe(astroPage(parts, article));
    },
  );

  it('escapes a title as text in <title> and as an attribute in meta (worked by hand)', () => {
    const frame = cutFrame('model', astroPage(framePlaceholders('model'), FRAME_ARTICLE), SITE);
    const page = fillFrame(frame, { ...tricky, review: null }, article, SITE);
    expect(page).toContain(
      '<title>Fish &amp; &quot;chips&quot; &lt;b&gt;&#39;s — under ledger@1.1.0 · the claim ledger</title>',
    );
    expect(page).toContain(
      `<meta property="og:title" content="Fish &#38; &#34;chips&#34; <b>'s — under ledger@1.1.0">`,
    );
    expect(page).toContain('<link rel="canonical" href="https://example.org/claims/fish-chips/">');
    expect(page).toContain(`<main id="main">${article}</main>`);
  });

  it('refuses a frame without the article, or with a ClaimReview on a model’s page', () => {
    const without = astroPage(framePlaceholders('default'), '<p>no article</p>');
    expect(() => cutFrame('default', without, SITE)).toThrow(
      /the claim page's frame \(default\) does not hold its placeholders as expected: .*"article":0/,
    );
    const withReview = astroPage(framePlaceholders('default'), FRAME_ARTICLE);
    expect(() => cutFrame('model', withReview, SITE)).toThrow(/"review":1/);
  });
});
