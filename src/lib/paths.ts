/**
 * Every internal URL of the site, in one place. Pages link root-relative (`/claims/x/`), under the
 * base path the site is published at (`LEDGER_BASE`, e.g. `/ledger/` for a project page:
 * `/ledger/claims/x/`); the snapshot's post-build step rewrites them to relative file links, so
 * nothing else may build an internal URL by hand.
 */

/** Why a `LEDGER_BASE` value cannot be a base path, or null when it can. */
export function baseProblem(value: string): string | null {
  return /^\/?([A-Za-z0-9._~-]+\/?)*$/.test(value) && !/(^|\/)\.\.?(\/|$)/.test(value)
    ? null
    : `LEDGER_BASE must be a path such as /ledger/ (letters, digits, ".", "_", "~" and "-" between slashes), not ${JSON.stringify(value)}`;
}

/** A base path written as `/sub/` (a leading and a trailing slash), or `/` for the root. */
export function normaliseBase(value: string | undefined): string {
  const trimmed = (value ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** The base path the site is published under: `LEDGER_BASE` (Astro's `base` is set from it too), else `/`. */
export const basePath = (env: Readonly<Record<string, string | undefined>> = process.env): string =>
  normaliseBase(env['LEDGER_BASE']);

// Read once: a build has one base.
const BASE = basePath();

/** A path from the site's root (`/claims/x/`) under the base path (`/sub/claims/x/`). */
const at = (path: string): string => (BASE === '/' ? path : `${BASE}${path.replace(/^\/+/, '')}`);

/** A path under the base (`/sub/claims/x/`) as a path from the site's root (`/claims/x/`); others unchanged. */
export const withoutBase = (path: string, base: string = BASE): string =>
  base !== '/' && (path.startsWith(base) || `${path}/` === base) ? `/${path.slice(base.length)}` : path;

/** The home page. */
export const homePath = (): string => at('/');

/** A claim's page under a model, or under the default model when `model` is omitted. */
export const claimPath = (slug: string, model?: string): string =>
  at(model === undefined ? `/claims/${slug}/` : `/claims/${slug}/${model}/`);

/** The trace published beside a claim page. */
export const tracePath = (slug: string, model?: string): string => `${claimPath(slug, model)}trace.json`;

/** The explanation published beside a claim's trace under a model (docs/design.md §6a). */
export const explainPath = (slug: string, model: string): string => `${claimPath(slug, model)}explain.json`;

/** A claim's history: every committed revision of its file, with its score then and now. */
export const historyPath = (slug: string): string => at(`/claims/${slug}/history/`);

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
export const modelsPath = (): string => at('/models/');

/** One model's page. */
export const modelPath = (id: string): string => at(`/models/${id}/`);

/** A model's canonical JSON, published beside its page. */
export const modelJsonPath = (id: string): string => at(`/models/${id}/model.json`);

/** The page that lets a reader pick two models to compare. */
export const compareIndexPath = (): string => at('/compare/');

/** Two models side by side. */
export const comparePath = (a: string, b: string): string => at(`/compare/${a}/${b}/`);

/** Page `page` of two models side by side: page 1 at the pair's own address, later pages below it. */
export const comparePagePath = (a: string, b: string, page: number): string =>
  page <= 1 ? comparePath(a, b) : at(`/compare/${a}/${b}/${page}/`);

/** The home listing filtered by type and state and sorted. */
export const browsePath = (type: string, state: string, sort: string): string =>
  at(type === 'all' && state === 'all' && sort === 'recorded' ? '/' : `/browse/${type}/${state}/${sort}/`);

/** The specification. */
export const specPath = (): string => at('/spec/');

/** The Python reference implementation. */
export const referencePath = (): string => at('/reference/');

/** A file of the Python reference, published for download beside its page (e.g. `ledger.py`). */
export const referenceFilePath = (file: string): string => at(`/reference/${file}`);

/** How to add or correct a claim: every field of a claim file explained. */
export const contributePath = (): string => at('/contribute/');

/** Full-text search of the claims (served site only; the home filter works everywhere). */
export const searchPath = (): string => at('/search/');

/** A file of the Pagefind search bundle that the build writes beside the site. */
export const pagefindPath = (file: string): string => at(`/pagefind/${file.replace(/^\/+/, '')}`);

/** A site asset under `public/`. */
export const assetPath = (file: string): string => at(`/${file.replace(/^\/+/, '')}`);

/** A script of the what-if panel or the /contribute/ playground, loaded on first use (`models.js` sits beside them). */
export const whatIfScriptPath = (file: 'panel.js' | 'models.js' | 'playground.js'): string => at(`/what-if/${file}`);

/** Adds a step anchor to a URL. */
export const withAnchor = (path: string, anchor: string | undefined): string => (anchor ? `${path}#${anchor}` : path);

/** Every score, one row per claim and model, as CSV (RFC 4180). */
export const scoresCsvPath = (): string => at('/data/scores.csv');

/** Every score, one row per claim and model, as JSON. */
export const scoresJsonPath = (): string => at('/data/scores.json');

/** Every claim's normalised inputs, as JSON. */
export const claimsJsonPath = (): string => at('/data/claims.json');

/** The Atom feed of released models. */
export const modelsFeedPath = (): string => at('/feeds/models.xml');

/** The Atom feed of claims recorded or changed. */
export const claimsFeedPath = (): string => at('/feeds/claims.xml');

/** The Atom feed of revisions that changed a claim's state or probability. */
export const changesFeedPath = (): string => at('/feeds/changes.xml');

/** The sitemap index that @astrojs/sitemap writes (it names the sitemap files themselves). */
export const sitemapIndexPath = (): string => at('/sitemap-index.xml');

/** The offline archive: how to make, open and check a snapshot. */
export const archivePath = (): string => at('/archive/');

/** The JSON Schema of claim or model files, for editors. */
export const schemaPath = (kind: 'claim' | 'model'): string => at(`/schemas/${kind}.schema.json`);

/** The picture link previews show for every page. */
export const ogImagePath = (): string => at('/og-image.png');

/**
 * A root-relative path (with its base) as an absolute URL on the published site (`site` is
 * Astro's `site`). Used only where a URL leaves the site — canonical links, feeds, JSON-LD,
 * exports, citations — never for links between pages, which stay root-relative for the offline
 * snapshot.
 */
export const absoluteUrl = (path: string, site: string | URL): string => new URL(path, site).href;

/** The address the site is published at when `LEDGER_SITE` names none (astro.config.mjs has the same). */
export const DEFAULT_SITE_ORIGIN = 'https://claim-ledger.example.org';

/** The site's public address: `LEDGER_SITE`, else the default. */
export const siteOrigin = (env: Readonly<Record<string, string | undefined>> = process.env): string =>
  env['LEDGER_SITE'] ?? DEFAULT_SITE_ORIGIN;
