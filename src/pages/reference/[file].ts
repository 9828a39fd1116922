/** `/reference/<file>`: each file of the Python reference (`ledger.py`, …, `README.md`), byte for byte, for download. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { referenceFiles, referenceResponse } from './_files.ts';

/** One page for every published file of `reference/`. */
export const getStaticPaths = (() => referenceFiles().map((file) => ({ params: { file } }))) satisfies GetStaticPaths;

/** The file's bytes as they are in the repository. */
export const GET: APIRoute = ({ params }) => referenceResponse(params['file']!);
