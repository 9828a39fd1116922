/** `/feeds/claims.xml`: an Atom feed of claims, most recently recorded or reviewed first. */
import type { APIRoute } from 'astro';
import { atomXml, claimsFeed } from '../../lib/publish/feeds.ts';
import { getSite } from '../../lib/site/site.ts';

/** The feed, each claim with its result under the default model, dated from its own dates. */
export const GET: APIRoute = ({ site }) => {
  const ledger = getSite();
  const claims = ledger.claims.map(({ slug, claim }) => ({
    slug,
    claim,
    trace: ledger.summary(slug, ledger.defaultModel.id),
  }));
  return new Response(atomXml(claimsFeed(claims, site!.href, ledger.buildDate)), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
};
