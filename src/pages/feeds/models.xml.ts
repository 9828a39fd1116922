/** `/feeds/models.xml`: an Atom feed of every released model, newest release first. */
import type { APIRoute } from 'astro';
import { atomXml, modelsFeed } from '../../lib/publish/feeds.ts';
import { getSite } from '../../lib/site/site.ts';

/** The feed, dated from the models' release dates (never the clock). */
export const GET: APIRoute = ({ site }) => {
  const ledger = getSite();
  const feed = modelsFeed(ledger.models, ledger.defaultModel.id, site!.href, ledger.buildDate);
  return new Response(atomXml(feed), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
