/** `/claims/<slug>/<picture>.svg`: a picture of the claim page under the default model, as a file beside it. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSite } from '../../../lib/site/site.ts';
import { pictureResponse, pictureStaticPaths } from '../../../lib/render/pictures/claimPictures.ts';
import { wholePagesOn } from '../../../lib/site/pool/wholePages.ts';
import { hasTrace } from '../../../lib/site/store/http.ts';

// A static build on threads writes these files there (wholePages.ts): Astro lists none.
export const getStaticPaths = (() =>
  wholePagesOn() ? [] : pictureStaticPaths(getSite(), false)) satisfies GetStaticPaths;

/** The picture's file, the same bytes on every build; on a server an unknown address is the 404 page. */
export const GET: APIRoute = ({ params }) => {
  const site = getSite();
  return pictureResponse(site, params, 'svg', (slug, model) => hasTrace(site, slug, model));
};
