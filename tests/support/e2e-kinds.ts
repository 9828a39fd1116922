/**
 * One page of each kind the site publishes, found in the built folder, for the checks that run
 * once per kind (axe, phone width, requests).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { distDir } from './e2e-env.ts';
import { claimPages, defaultModelOrNull, htmlFiles, isScored, REFUSALS, urlOfFile } from './e2e-site.ts';

/** A kind of page and the URL of one example, or why there is none. */
export interface PageKind {
  readonly kind: string;
  readonly url: string | null;
  readonly missing?: string;
}

const fileExists = (file: string): boolean => existsSync(join(distDir(), file));

const pick = (kind: string, url: string | null | undefined, missing: string): PageKind =>
  url ? { kind, url } : { kind, url: null, missing };

/** The not-found URL: any path the site lacks (the server answers with 404.html and status 404). */
export const NOT_FOUND_URL = '/no-such-page-here/';

/** One page of every kind. */
export function pageKinds(): PageKind[] {
  const files = htmlFiles();
  const claims = claimPages().filter((p) => p.raw !== null);
  const defaultModel = defaultModelOrNull();
  const browse =
    files.find((f) => /^browse\/all\/[^/]+\/probability\/index\.html$/.test(f) && !f.includes('/all/all/')) ??
    files.find((f) => f.startsWith('browse/'));
  const modelPage = files.find((f) => defaultModel !== null && f === `models/${defaultModel}/index.html`);
  const otherModel = files.find(
    (f) =>
      /^models\/[^/]+\/index\.html$/.test(f) && (defaultModel === null || f !== `models/${defaultModel}/index.html`),
  );
  const history = files.find((f) => /^claims\/[^/]+\/history\/index\.html$/.test(f));
  const pair = files.find((f) => /^compare\/[^/]+\/[^/]+\/index\.html$/.test(f));
  const refusal =
    claims.find((p) => p.urlModel === null && REFUSALS.includes(p.trace.result.state)) ??
    claims.find((p) => REFUSALS.includes(p.trace.result.state));
  return [
    pick('home', fileExists('index.html') ? '/' : null, 'index.html'),
    pick('browse page', browse && urlOfFile(browse), 'browse/<type>/<state>/<sort>/index.html'),
    pick(
      'claim (default model)',
      claims.find((p) => p.urlModel === null && isScored(p.trace))?.url,
      'a scored claims/<slug>/index.html',
    ),
    pick(
      'claim (other model)',
      claims.find((p) => p.urlModel !== null && isScored(p.trace))?.url,
      'a scored claims/<slug>/<model>/index.html',
    ),
    pick('claim (refusal)', refusal?.url, 'a claim page whose trace state is a refusal'),
    pick('claim history', history && urlOfFile(history), 'claims/<slug>/history/index.html'),
    pick('models index', fileExists('models/index.html') ? '/models/' : null, 'models/index.html'),
    pick('model (default)', modelPage && urlOfFile(modelPage), `models/${defaultModel ?? '<default>'}/index.html`),
    pick('model (other)', otherModel && urlOfFile(otherModel), 'models/<id>/index.html for a non-default model'),
    pick('compare index', fileExists('compare/index.html') ? '/compare/' : null, 'compare/index.html'),
    pick('compare pair', pair && urlOfFile(pair), 'compare/<a>/<b>/index.html'),
    pick('spec', fileExists('spec/index.html') ? '/spec/' : null, 'spec/index.html'),
    pick('reference', fileExists('reference/index.html') ? '/reference/' : null, 'reference/index.html'),
    pick('offline archive', fileExists('archive/index.html') ? '/archive/' : null, 'archive/index.html'),
    pick('search', fileExists('search/index.html') ? '/search/' : null, 'search/index.html'),
    pick('contribute', fileExists('contribute/index.html') ? '/contribute/' : null, 'contribute/index.html'),
    pick('404', fileExists('404.html') ? NOT_FOUND_URL : null, '404.html'),
  ];
}
