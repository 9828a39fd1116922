/** `/models/<id>/<picture>.svg`: a picture of the model page, as a file beside it. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSite } from '../../../lib/site/site.ts';
import { MODEL_PICTURES, modelPictureFile, pageFileResponse } from '../../../lib/render/pictures/pagePictures.ts';

export const getStaticPaths = (() =>
  getSite().models.flatMap((m) =>
    MODEL_PICTURES.map((picture) => ({ params: { id: m.id, picture } })),
  )) satisfies GetStaticPaths;

/** The picture's file, drawn from the model file alone: the same bytes on every build. */
export const GET: APIRoute = ({ params }) =>
  pageFileResponse(modelPictureFile(getSite(), params.id!, params.picture!, 'svg'), 'svg');
