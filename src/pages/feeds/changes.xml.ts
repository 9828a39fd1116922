/** `/feeds/changes.xml`: an Atom feed of the newest committed revisions that changed a claim's state or probability. */
import type { APIRoute } from 'astro';
import { atomXml } from '../../lib/publish/feeds.ts';
import { getRecentChanges } from '../../lib/history/siteHistory.ts';
import { getSite } from '../../lib/site/site.ts';

/** The feed, dated by the commits, newest first; only the claims it lists have their history read and scored. */
export const GET: APIRoute = ({ site }) =>
  new Response(atomXml(getRecentChanges(getSite(), site!.href)), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
