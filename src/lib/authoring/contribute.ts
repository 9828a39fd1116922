/**
 * What `/contribute/` shows beside each field: what each level of a model's tables means, with a
 * link of the ledger that uses it, and what each review check asks for. The words come from
 * `src/content/contribute.yaml`; the field walker is `claimFields.ts` and the CLI's help line
 * `problemHelp.ts` (re-exported here, so the page, the template and the CLI read one place).
 */
import type { Claim, Model } from '../../engine/index.ts';
import { linkAnchor } from '../claim/claimView.ts';
import { LEVEL_TABLES, type LevelTableName } from '../model/levelTables.ts';
import { claimPath, withAnchor } from '../paths.ts';
import { CONTRIBUTE_PROSE, type LevelMeaning } from './contributeProse.ts';

export { claimFields, explainedPaths, fieldAnchor, fieldGroups, type FieldDoc } from './claimFields.ts';
export { FILE_NAME_ANCHOR, FORMAT_ANCHOR, helpOrigin, problemAnchor, problemHelp } from './problemHelp.ts';
export { LEVEL_TABLES };
/** One of the level tables (the name `/contribute/` and the template have always used). */
export type LevelTable = LevelTableName;

/** What each level of the default model means, and an illustration. */
export const LEVEL_MEANINGS: Readonly<Record<LevelTable, Readonly<Record<string, LevelMeaning>>>> =
  CONTRIBUTE_PROSE.levels;

/** What each review check of the default model asks for. */
export const CHECK_MEANINGS: Readonly<Record<string, string>> = CONTRIBUTE_PROSE.checks;

/** A link of the ledger that uses a level, to show as an example. */
export interface LevelExample {
  readonly slug: string;
  readonly statement: string;
  readonly linkId: string;
  readonly passage: string;
}

/**
 * The first link (claims in the order given, links in file order) whose level in `table` is
 * `level`; authenticity and extraction count a link that leaves the field out as `unverified`,
 * as the validator normalises it. Null when no claim uses the level.
 */
export function levelExample(
  claims: readonly { readonly slug: string; readonly claim: Claim }[],
  table: LevelTable,
  level: string,
): LevelExample | null {
  for (const { slug, claim } of claims) {
    const link = claim.evidence.find((e) => e[table] === level);
    if (link) return { slug, statement: claim.statement, linkId: link.id, passage: link.passage };
  }
  return null;
}

/** One level of a model's table as `/contribute/` shows it. */
export interface LevelRow {
  readonly level: string;
  readonly factor: string;
  readonly meaning: string;
  readonly illustration: string;
  /** A link of the ledger given this level, with the address of its row on the claim page. */
  readonly example: (LevelExample & { readonly href: string }) | null;
}

/** Every level of one of a model's tables, in the model's order, with its meaning and an example. */
export function levelRows(
  model: Model,
  table: LevelTable,
  claims: readonly { readonly slug: string; readonly claim: Claim }[],
): LevelRow[] {
  return Object.entries(model[table]).map(([level, factor]) => {
    const example = levelExample(claims, table, level);
    return {
      level,
      factor,
      meaning: Object.hasOwn(LEVEL_MEANINGS[table], level) ? LEVEL_MEANINGS[table][level]!.meaning : '',
      illustration: Object.hasOwn(LEVEL_MEANINGS[table], level) ? LEVEL_MEANINGS[table][level]!.illustration : '',
      example: example && { ...example, href: withAnchor(claimPath(example.slug), linkAnchor(example.linkId)) },
    };
  });
}

/** The review checks a model declares, with what each asks for. */
export function checkRows(model: Model): { readonly check: string; readonly meaning: string }[] {
  return model.review.checks.map((check) => ({
    check,
    meaning: Object.hasOwn(CHECK_MEANINGS, check) ? CHECK_MEANINGS[check]! : '',
  }));
}
