/** `/feeds/changes.xml`: an Atom feed of every committed revision that changed a claim's state or probability. */
import type { APIRoute } from 'astro';
import { atomXml } from '../../lib/publish/feeds.ts';
import { changesFeed } from '../../lib/history/changesFeed.ts';
import { getHistory } from '../../lib/history/siteHistory.ts';
import { getSite } from '../../lib/site/site.ts';

/** The feed, dated by the commits, newest first. */
export const GET: APIRoute = ({ site }) => {
  const history = getHistory();
  return new Response(atomXml(changesFeed(history.claims, history.defaultModel, site!.href, getSite().buildDate)), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
};
