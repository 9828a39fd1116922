/**
 * What `ledger check` warns about without failing: a claim file that is valid but could say more,
 * or says something in an older way. Each warning has a problem's shape (file, line, field) and
 * says what to do; the check still passes, so a site builds from files written before.
 */
import { fieldName, type Problem } from './problems.ts';
import type { LoadedClaim } from './load.ts';

/** The warnings about one valid claim file. */
export function claimWarnings({ claim, parsed }: LoadedClaim): Problem[] {
  const out: Problem[] = [];
  const at = (path: readonly (string | number)[], message: string): void => {
    out.push({ file: parsed.file, line: parsed.lineOf(path), field: fieldName(path), message });
  };
  for (const [i, review] of claim.reviews.entries())
    if ('on' in review)
      at(
        ['reviews', i, 'on'],
        'the key on is read as the boolean true by YAML 1.1 readers (PyYAML, Ruby’s Psych, Go’s yaml.v2): rename it to date (the same day; only the key changes)',
      );
  if (claim.claimant === undefined)
    at(['claimant'], 'no claimant: say who made the claim out in the world, as claimant: { name, url, type }');
  return out;
}
