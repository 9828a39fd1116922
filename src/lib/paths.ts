/**
 * Every internal URL of the site, in one place. Pages link root-relative (`/claims/x/`); the
 * snapshot's post-build step rewrites them to relative file links, so nothing else may build an
 * internal URL by hand.
 */

/** The home page. */
export const homePath = (): string => '/';

/** A claim's page under a model, or under the default model when `model` is omitted. */
export const claimPath = (slug: string, model?: string): string =>
  model === undefined ? `/claims/${slug}/` : `/claims/${slug}/${model}/`;

/** The trace published beside a claim page. */
export const tracePath = (slug: string, model?: string): string => `${claimPath(slug, model)}trace.json`;

/** A claim's history: every committed revision of its file, with its score then and now. */
export const historyPath = (slug: string): string => `/claims/${slug}/history/`;

/** One revision on a claim's history page. */
export const historyRevisionAnchor = (commit: string): string => `rev-${commit}`;

/**
 * The trace of a claim as it was at a commit, under today's default model, or under `model` (the
 * default at that commit) when it is given.
 */
export const historyTracePath = (slug: string, commit: string, model?: string): string =>
  model === undefined
    ? `${historyPath(slug)}${commit}/trace.json`
    : `${historyPath(slug)}${commit}/${model}/trace.json`;

/** The list of released models. */
export const modelsPath = (): string => '/models/';

/** One model's page. */
export const modelPath = (id: string): string => `/models/${id}/`;

/** A model's canonical JSON, published beside its page. */
export const modelJsonPath = (id: string): string => `/models/${id}/model.json`;

/** The page that lets a reader pick two models to compare. */
export const compareIndexPath = (): string => '/compare/';

/** Two models side by side. */
export const comparePath = (a: string, b: string): string => `/compare/${a}/${b}/`;

/** The home listing filtered by type and state and sorted. */
export const browsePath = (type: string, state: string, sort: string): string =>
  type === 'all' && state === 'all' && sort === 'recorded' ? '/' : `/browse/${type}/${state}/${sort}/`;

/** The specification. */
export const specPath = (): string => '/spec/';

/** The Python reference implementation. */
export const referencePath = (): string => '/reference/';

/** A file of the Python reference, published for download beside its page (e.g. `ledger.py`). */
export const referenceFilePath = (file: 'ledger.py' | 'test_ledger.py' | 'README.md'): string => `/reference/${file}`;

/** How to add or correct a claim: every field of a claim file explained. */
export const contributePath = (): string => '/contribute/';

/** Full-text search of the claims (served site only; the home filter works everywhere). */
export const searchPath = (): string => '/search/';

/** A file of the Pagefind search bundle that the build writes beside the site. */
export const pagefindPath = (file: string): string => `/pagefind/${file.replace(/^\/+/, '')}`;

/** A site asset under `public/`. */
export const assetPath = (file: string): string => `/${file.replace(/^\/+/, '')}`;

/** Adds a step anchor to a URL. */
export const withAnchor = (path: string, anchor: string | undefined): string => (anchor ? `${path}#${anchor}` : path);

/** Every score, one row per claim and model, as CSV (RFC 4180). */
export const scoresCsvPath = (): string => '/data/scores.csv';

/** Every score, one row per claim and model, as JSON. */
export const scoresJsonPath = (): string => '/data/scores.json';

/** Every claim's normalised inputs, as JSON. */
export const claimsJsonPath = (): string => '/data/claims.json';

/** The Atom feed of released models. */
export const modelsFeedPath = (): string => '/feeds/models.xml';

/** The Atom feed of claims recorded or changed. */
export const claimsFeedPath = (): string => '/feeds/claims.xml';

/** The Atom feed of revisions that changed a claim's state or probability. */
export const changesFeedPath = (): string => '/feeds/changes.xml';

/** The sitemap index that @astrojs/sitemap writes (it names the sitemap files themselves). */
export const sitemapIndexPath = (): string => '/sitemap-index.xml';

/** The robots.txt file for crawlers. */
export const robotsPath = (): string => '/robots.txt';

/**
 * A root-relative path as an absolute URL on the published site (`site` is Astro's `site`). Used
 * only where a URL leaves the site — canonical links, feeds, JSON-LD, exports, citations — never
 * for links between pages, which stay root-relative for the offline snapshot.
 */
export const absoluteUrl = (path: string, site: string | URL): string => new URL(path, site).href;

/** The address the site is published at when `LEDGER_SITE` names none (astro.config.mjs has the same). */
export const DEFAULT_SITE_ORIGIN = 'https://claim-ledger.example.org';

/** The site's public address: `LEDGER_SITE`, else the default. */
export const siteOrigin = (env: Readonly<Record<string, string | undefined>> = process.env): string =>
  env['LEDGER_SITE'] ?? DEFAULT_SITE_ORIGIN;
