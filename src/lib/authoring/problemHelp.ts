/**
 * Where `/contribute/` explains the field a `check` problem names, and the help line the CLI
 * prints under the problem (`  see <origin>/contribute/#field-evidence-relevance`).
 */
import { absoluteUrl, contributePath, DEFAULT_SITE_ORIGIN, siteOrigin } from '../paths.ts';
import type { Problem } from '../input/problems.ts';
import { claimFields, fieldAnchor } from './claimFields.ts';

/** The section on how a claim file is written (YAML, one file per claim). */
export const FORMAT_ANCHOR = 'file-format';
/** The section on the file's name, which is the claim's address. */
export const FILE_NAME_ANCHOR = 'file-name';

const KNOWN_PATHS = new Set(claimFields().map((f) => f.path));

/**
 * The section of `/contribute/` that explains what a problem names, or null when the problem is not
 * about a claim file. A field path such as `evidence[2].relevance` drops its list positions and
 * maps to `field-evidence-relevance`; a field the schema does not know (`evidence[0].weight`)
 * maps to its nearest known parent (`field-evidence`).
 */
export function problemAnchor(problem: Pick<Problem, 'file' | 'field'>): string | null {
  if (problem.field === '(file name)') return FILE_NAME_ANCHOR;
  if (problem.field === '(yaml)' || problem.field === '(file)') {
    return /(^|[\\/])claims[\\/][^\\/]+$/.test(problem.file) ? FORMAT_ANCHOR : null;
  }
  const parts = problem.field.replace(/\[\d+\]/g, '').split('.');
  if (!KNOWN_PATHS.has(parts[0]!)) return null;
  for (let n = parts.length; n > 0; n -= 1) {
    const path = parts.slice(0, n).join('.');
    if (KNOWN_PATHS.has(path)) return fieldAnchor(path);
  }
  return null;
}

/** The help line printed under a problem, `  see <origin>/contribute/#…`, or null. */
export function problemHelp(
  problem: Pick<Problem, 'file' | 'field'>,
  origin: string = DEFAULT_SITE_ORIGIN,
): string | null {
  const anchor = problemAnchor(problem);
  // absoluteUrl, so that an origin that already holds the base path (LEDGER_SITE=https://x.io/sub) is not doubled.
  return anchor === null ? null : `  see ${absoluteUrl(contributePath(), `${origin.replace(/\/+$/, '')}/`)}#${anchor}`;
}

/** The site's public address for help links: `LEDGER_SITE`, else the default. */
export const helpOrigin = siteOrigin;
