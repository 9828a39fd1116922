/**
 * A claim page's frame: everything of the page but its article (the site's header and footer, the
 * head with its metadata, the stylesheets Astro bundled). Astro renders it once per kind of claim
 * page with placeholders where a page's own values go (`claimFrameParts` of no claim), and a
 * worker fills in each page's values, escaped as Astro escapes them where each placeholder stands:
 * the same bytes as Astro rendering the page itself.
 */
import { absoluteUrl, claimPath, homePath, modelPath, tracePath } from '../../paths.ts';
import { claimPaths, pageDescription, pageTitle } from '../../claim/page.ts';
import { canonicalUrl } from '../../publish/pageMeta.ts';
import { claimReview, jsonForScript } from '../../publish/claimReview.ts';
import type { Site } from '../types.ts';

/** A claim page's own values in its frame (its article aside). */
export interface ClaimFrameParts {
  readonly title: string;
  readonly description: string;
  /** The canonical page's root-relative path. */
  readonly canonical: string;
  /** The ClaimReview's JSON for its script element: only on `/claims/<slug>/`. */
  readonly review: string | null;
}

/** The two kinds of claim page: `/claims/<slug>/`, and `/claims/<slug>/<model>/`. */
export type FrameKind = 'default' | 'model';

/** The frame of each kind of claim page, as Astro rendered it with the placeholders. */
export type ClaimFrames = Readonly<Record<FrameKind, string>>;

// Letters only, so that no escaping, URL or Markdown step changes them; unlike anything a page says.
const TOKEN = {
  title: 'LEDGERFRAMExTITLExQ',
  description: 'LEDGERFRAMExDESCRIPTIONxQ',
  canonical: '/LEDGERFRAMExCANONICALxQ/',
  review: 'LEDGERFRAMExREVIEWxQ',
  article: 'LEDGERFRAMExARTICLExQ',
} as const;

/** The article's placeholder, which the frame renders as its raw HTML. */
export const FRAME_ARTICLE = TOKEN.article;

/** The parts with placeholders, for rendering a frame of the given kind. */
export function framePlaceholders(kind: FrameKind): ClaimFrameParts {
  return {
    title: TOKEN.title,
    description: TOKEN.description,
    canonical: TOKEN.canonical,
    review: kind === 'default' ? TOKEN.review : null,
  };
}

/** The parts of one claim page: what ClaimPage.astro renders around the article. */
export function claimFrameParts(
  site: Site,
  slug: string,
  modelId: string,
  onDefaultRoute: boolean,
  siteUrl: string | URL,
): ClaimFrameParts {
  const trace = site.trace(slug, modelId);
  const paths = claimPaths(trace, onDefaultRoute);
  // The claim under the default model has two addresses; `/claims/<slug>/` is the canonical one and
  // the only one with a ClaimReview (a claim under another model is a view, not a second review).
  const canonical = modelId === site.defaultModel.id ? paths.defaultPage : paths.page;
  const review = onDefaultRoute
    ? jsonForScript(
        claimReview(trace, {
          pageUrl: absoluteUrl(claimPath(trace.claim), siteUrl),
          traceUrl: absoluteUrl(tracePath(trace.claim), siteUrl),
          modelUrl: absoluteUrl(modelPath(trace.model), siteUrl),
          siteUrl: absoluteUrl(homePath(), siteUrl),
        }),
      )
    : null;
  return { title: pageTitle(trace), description: pageDescription(trace), canonical, review };
}

/** Astro's escaping of text (html-escaper's `escape`). */
const escapeText = (text: string): string =>
  text.replace(/[&<>'"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' })[c as '&']);

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Astro's escaping of an attribute's value (addAttribute): an http(s) URL holding `&` is left as it is. */
const escapeAttribute = (value: string): string =>
  value.includes('&') && isHttpUrl(value) ? value : value.replace(/&/g, '&#38;').replace(/"/g, '&#34;');

type Slot = 'title' | 'description' | 'canonical' | 'canonicalUrl' | 'review' | 'article';

/** A frame cut at its placeholders: text, then a slot and whether it stands in a tag, and so on. */
interface CutFrame {
  readonly texts: readonly string[];
  readonly slots: readonly { readonly slot: Slot; readonly inTag: boolean }[];
}

/** Whether a frame holds its placeholders as a frame of its kind does: the article and review once. */
function wellCut(kind: FrameKind, counts: Record<Slot, number>): boolean {
  return (
    counts.article === 1 &&
    counts.review === (kind === 'default' ? 1 : 0) &&
    counts.title > 0 &&
    counts.description > 0 &&
    counts.canonicalUrl > 0
  );
}

/** Cuts a frame Astro rendered at its placeholders; throws if they are not where a frame has them. */
export function cutFrame(kind: FrameKind, html: string, siteUrl: string | URL): CutFrame {
  const tokens: [string, Slot][] = [
    [canonicalUrl(TOKEN.canonical, siteUrl)!, 'canonicalUrl'],
    ...(Object.entries(TOKEN) as [Slot, string][]).map(([slot, token]): [string, Slot] => [token, slot]),
  ];
  const found = new RegExp(tokens.map(([t]) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'g');
  const texts: string[] = [];
  const slots: { slot: Slot; inTag: boolean }[] = [];
  let from = 0;
  for (const match of html.matchAll(found)) {
    const before = html.slice(0, match.index);
    texts.push(html.slice(from, match.index));
    slots.push({
      slot: tokens.find(([t]) => t === match[0])![1],
      inTag: before.lastIndexOf('<') > before.lastIndexOf('>'),
    });
    from = match.index + match[0].length;
  }
  texts.push(html.slice(from));
  const counts: Record<Slot, number> = {
    title: 0,
    description: 0,
    canonical: 0,
    canonicalUrl: 0,
    review: 0,
    article: 0,
  };
  for (const { slot } of slots) counts[slot] += 1;
  if (!wellCut(kind, counts))
    throw new Error(
      `the claim page's frame (${kind}) does not hold its placeholders as expected: ${JSON.stringify(counts)}`,
    );
  return { texts, slots };
}

/** A whole claim page: its frame with the page's parts and article in place. */
export function fillFrame(frame: CutFrame, parts: ClaimFrameParts, article: string, siteUrl: string | URL): string {
  const values: Record<Slot, string> = {
    title: parts.title,
    description: parts.description,
    canonical: parts.canonical,
    canonicalUrl: canonicalUrl(parts.canonical, siteUrl)!,
    review: parts.review ?? '',
    article,
  };
  let html = frame.texts[0]!;
  frame.slots.forEach(({ slot, inTag }, i) => {
    const value = values[slot];
    html += slot === 'article' || slot === 'review' ? value : inTag ? escapeAttribute(value) : escapeText(value);
    html += frame.texts[i + 1]!;
  });
  return html;
}
