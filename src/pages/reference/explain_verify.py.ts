/** `/reference/explain_verify.py`: the Python reference's `explain_verify.py`, byte for byte, for download. */
import type { APIRoute } from 'astro';
import { referenceResponse } from './_files.ts';

/** The file's bytes as they are in the repository. */
export const GET: APIRoute = () => referenceResponse('explain_verify.py');
