/**
 * A claim file's text checked as `ledger check`, the build and the /contribute/ playground check
 * it: parsed (yamlSource.ts), validated (validate.ts), its levels checked against every model and
 * its file name as a slug. Pure: reading the file (its size, UTF-8) is load.ts's; the playground
 * runs this same code in the browser, so its problems are the command line's, word for word.
 */
import type { Claim, Model } from '../../engine/index.ts';
import type { Problem } from './problems.ts';
import { checkLevels, validateClaim } from './validate.ts';
import { parseYaml, type Parsed } from './yamlSource.ts';

/** The largest claim or model file the ledger reads: 1 MiB. Anything larger is refused unread. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** Why a file of this many bytes is refused (the loader's message, and history's for old revisions). */
export function tooLarge(bytes: number): string {
  return `is ${bytes} bytes; a ledger file may be at most 1 MiB (${MAX_FILE_BYTES} bytes)`;
}

/** What a slug may be (docs/design.md §3): it is the claim's URL segment. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** A claim file's text, checked: the claim when it has no problem, and every problem found. */
export function checkClaimText(
  file: string,
  slug: string,
  text: string,
  models: readonly { readonly model: Model }[],
): { claim: Claim | null; parsed: Parsed | null; problems: Problem[] } {
  const { parsed, problems } = parseYaml(file, text);
  if (!parsed) return { claim: null, parsed: null, problems };
  const { claim, problems: invalid } = validateClaim(parsed);
  // Levels and the file name are checked even when the claim has other mistakes, so that one
  // report lists every problem of the file.
  const levels = models.flatMap(({ model }) => checkLevels(parsed, claim, model));
  const slugProblems: Problem[] = SLUG_PATTERN.test(slug)
    ? []
    : [
        {
          file: parsed.file,
          line: 1,
          field: '(file name)',
          message: `the file name ${slug} must be lower-case letters, digits and hyphens (starting with a letter or digit), since it is the claim's URL`,
        },
      ];
  const all = [...invalid, ...levels, ...slugProblems];
  return { claim: claim === null || all.length > 0 ? null : claim, parsed, problems: all };
}
