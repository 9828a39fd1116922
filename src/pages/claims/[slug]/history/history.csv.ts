/** `/claims/<slug>/history/history.csv`: the history page's picture, as a file beside it (on request on a server). */
import type { APIRoute, GetStaticPaths } from 'astro';
import {
  historyPictureFile,
  historyPicturePaths,
  pageFileResponse,
} from '../../../../lib/render/pictures/pagePictures.ts';
import { getSite } from '../../../../lib/site/site.ts';

/** Every claim whose history has a line to draw. */
export const getStaticPaths = (() => historyPicturePaths(getSite())) satisfies GetStaticPaths;

/** The picture's file, drawn from the claim's history as its page draws it. */
export const GET: APIRoute = ({ params }) =>
  pageFileResponse(historyPictureFile(getSite(), params.slug!, 'csv'), 'csv');
