/**
 * Verification: re-scores every published `trace.json` of a built site or snapshot from its own
 * `input` and the published `models/<id>/model.json`, with this repository's engine, and reports
 * every field that differs. The parts live in `verify/`: reading files (`files.ts`), bounding
 * numbers (`bounds.ts`), comparing JSON (`jsonDiff.ts`), re-scoring one trace (`rescore.ts`), the
 * whole site (`site.ts`) and the report (`report.ts`).
 */
export { decimalOutOfBounds, firstOutOfBounds } from './bounds.ts';
export { directoryFiles, openSite, type SiteFiles } from './files.ts';
export { compareJson, jsonDifferences, show, type JsonDifference } from './jsonDiff.ts';
export { MAX_REPORTED, reportLines, type Finding, type VerifyReport } from './report.ts';
export { modelJsonFile } from './rescore.ts';
export { SITE_LOCK, traceFiles, verifySite, type ReleasedHash, type VerifyOptions } from './site.ts';

/**
 * The top-level fields both the engine and the reference's `score` write (the reference writes no
 * `working`, which only its verify works out); verify itself compares every field but `codeHash`.
 */
export const COMPARED_FIELDS = ['traceFormat', 'claim', 'model', 'configHash', 'inputHash', 'links', 'result'] as const;
