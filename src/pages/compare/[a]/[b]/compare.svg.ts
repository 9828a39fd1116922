/** `/compare/<a>/<b>/compare.svg`: the compare page's picture, as a file beside it. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { orderedPairs } from '../../../../lib/model/compare.ts';
import { comparePictureFile, pageFileResponse } from '../../../../lib/render/pictures/pagePictures.ts';
import { getSite } from '../../../../lib/site/site.ts';

export const getStaticPaths = (() =>
  orderedPairs(getSite().models.map((m) => m.id)).map(([a, b]) => ({ params: { a, b } }))) satisfies GetStaticPaths;

/** The picture's file, drawn from every claim's traces under the two models. */
export const GET: APIRoute = ({ params }) =>
  pageFileResponse(comparePictureFile(getSite(), params.a!, params.b!, 'svg'), 'svg');
