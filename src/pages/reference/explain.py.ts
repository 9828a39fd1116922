/** `/reference/explain.py`: the Python reference's `explain.py`, byte for byte, for download. */
import type { APIRoute } from 'astro';
import { referenceResponse } from './_files.ts';

/** The file's bytes as they are in the repository. */
export const GET: APIRoute = () => referenceResponse('explain.py');
