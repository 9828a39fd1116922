/**
 * Steps 2 to 4 of docs/design.md §4 for one claim: each link's weight and working, the
 * independence groups, and the kept sums, worked once per claim for every model that weighs and
 * groups its links alike.
 */
import { Decimal, fixed } from './decimal.ts';
import { groupingOf, keptById, keptOfSmallUnits, keptOfUnits, linksRead, type Group } from './independence.ts';
import { weighAll, type LinkRoot, type LinkWeight } from './linkWeight.ts';
import { perRules, recentlyUsed } from './perRules.ts';
import type { Rules } from './rules.ts';
import type { LinkWorking } from './trace.ts';
import type { EvidenceLink, TraceLink } from './types.ts';
import { unitsText } from './units.ts';

const ZERO = new Decimal(0);

/** Steps 2 to 4 for one claim: every link's working, the groups, the kept sums and the counted sources. */
export interface Linked {
  readonly links: readonly LinkWorking[];
  readonly traceLinks: readonly TraceLink[];
  readonly groups: readonly Group[];
  /** The sums as the working writes them (`fixed` at the weight's places). */
  readonly supportingText: string;
  readonly opposingText: string;
  /** supporting − opposing: exactly `keptText` (sums of weights have no more places than they do). */
  readonly keptText: string;
  /** The same in whole units of 10^−weight places, where the sums were worked so (null: read `keptText`). */
  readonly keptUnits: bigint | null;
  readonly sufficient: boolean;
  readonly sources: number;
}

/**
 * What step 2 reads of a model: the five tables, the interpretation factor, the weight's places and
 * its rounding mode, as text. Models with the same text weigh a claim's links alike whatever their
 * independence strategy (ledger-counted and ledger@1.1.0); the text is the rules' own, so a
 * difference anywhere keeps them apart.
 */
const weightRules = (rules: Rules): unknown[] => {
  const m = rules.model;
  return [m.relevance, m.observation, m.interpretation, m.authenticity, m.extraction, rules.places.weight, rules.mode];
};
/** Step 2's key: the links are weighed once per claim for every model with the same weight rules. */
const weightsKey = perRules((rules) => JSON.stringify(weightRules(rules)));
/**
 * Steps 2 to 4's key: the weight rules and the independence strategy. Models with the same key
 * (three released ones) give a claim's links the same working, worked out once per claim for all.
 */
const linkedKey = perRules((rules) => JSON.stringify([...weightRules(rules), rules.independence]));

/**
 * A claim's `make` shared by every model with the same `keyOf`, keyed by the claim's evidence list
 * (for the claims scored most recently).
 */
function sharedPerClaim<T>(
  keyOf: (rules: Rules) => string,
  make: (rules: Rules, root: LinkRoot, evidence: readonly EvidenceLink[]) => T,
): (rules: Rules, root: LinkRoot, evidence: readonly EvidenceLink[]) => T {
  const byEvidence = recentlyUsed<readonly EvidenceLink[], Map<string, T>>(() => new Map());
  return (rules, root, evidence) => {
    const shared = byEvidence(evidence);
    const key = keyOf(rules);
    let found = shared.get(key);
    if (found === undefined) {
      found = make(rules, root, evidence);
      shared.set(key, found);
    }
    return found;
  };
}

/** Steps 2 to 4 for one claim under a model's rules, shared by every model that links it alike. */
export const linkedOf = sharedPerClaim(linkedKey, link);
const weightsOf = sharedPerClaim(weightsKey, weighAll);

function link(rules: Rules, root: LinkRoot, evidence: readonly EvidenceLink[]): Linked {
  const { ids, sources: linkSources, directions } = linksRead(evidence);
  // Step 2: each link's weight.
  const count = ids.length;
  const weighed = weightsOf(rules, root, evidence);
  const units: bigint[] = [];
  // The units as doubles where each is below 2^43 in size and there are fewer than 2^10 of them:
  // every comparison and every partial sum is then exact in doubles (no bigint made per link).
  const smalls: number[] = [];
  let small = count < 1024;
  for (let i = 0; i < count; i++) {
    const one = weighed[i]!;
    units.push(one.units);
    if (small) {
      if (one.small === null) small = false;
      else smalls.push(one.small);
    }
  }
  // Step 3: independence, from the claim's grouping (the same under every model).
  const grouping = groupingOf(evidence);
  const { groups, keptAt } = small
    ? keptOfSmallUnits(evidence, grouping, smalls, rules.independence)
    : keptOfUnits(evidence, grouping, units, rules.independence);
  // Ids repeated (never in a validated claim): the id's last value, as a map by id holds it.
  const keptLink = grouping.uniqueIds ? null : keptById(grouping, keptAt);
  const links: LinkWorking[] = [];
  const traceLinks: TraceLink[] = [];
  // Sums in whole units of the weight's places: exact, as decimal.js's are while they keep to 40
  // significant digits (checked below; past that, decimal.js adds them as it always has).
  let supporting = 0n;
  let opposing = 0n;
  let magnitude = 0n;
  let supportingSmall = 0;
  let opposingSmall = 0;
  let sufficient = false;
  const countedSources = new Set<string>();
  for (let i = 0; i < count; i++) {
    const id = ids[i]!;
    const direction = directions[i]!;
    const { working, opposedText } = weighed[i]!;
    const depends = keptLink === null ? (keptAt[i] ?? null) : (keptLink.get(id) ?? null);
    const counts = depends === null;
    // The working's fields written out in its order (a spread in mid-literal takes V8's slow path).
    links.push({
      id,
      source: linkSources[i]!,
      direction,
      relevance: working.relevance,
      observation: working.observation,
      interpretation: working.interpretation,
      authenticity: working.authenticity,
      extraction: working.extraction,
      product: working.product,
      weight: working.weight,
      signedWeight: direction === 'supports' ? working.weight : opposedText,
      kept: counts,
      keptLink: depends,
    });
    traceLinks.push({ id, weight: working.weight, kept: counts, keptLink: depends });
    if (!counts) continue;
    let above: boolean;
    if (small) {
      const weight = smalls[i]!;
      if (direction === 'supports') supportingSmall += weight;
      else if (direction === 'opposes') opposingSmall += weight;
      above = weight > 0;
    } else {
      const weight = units[i]!;
      magnitude += weight < 0n ? -weight : weight;
      if (direction === 'supports') supporting += weight;
      else if (direction === 'opposes') opposing += weight;
      above = weight > 0n;
    }
    // Step 4 and step 8 both ask for weight above 0: a kept link that moves no number (context-only,
    // refuted, interpreted away) neither makes a claim scorable nor counts as a source for `high`.
    if (above) {
      sufficient = true;
      countedSources.add(linkSources[i]!);
    }
  }
  if (small) {
    // Below 2^53 in size: exact, and at most 16 digits.
    supporting = BigInt(supportingSmall);
    opposing = BigInt(opposingSmall);
  }
  const w = rules.places.weight;
  // Every partial sum (and the difference) is at most the sum of the magnitudes: within 40 digits,
  // decimal.js's sums are exact too.
  const whole = magnitude.toString().length <= Decimal.precision;
  const sums = whole
    ? {
        supportingText: unitsText(supporting, w),
        opposingText: unitsText(opposing, w),
        keptText: unitsText(supporting - opposing, w),
      }
    : sumsByDecimals(rules, evidence, weighed, keptAt, keptLink);
  return {
    links,
    traceLinks,
    groups,
    supportingText: sums.supportingText,
    opposingText: sums.opposingText,
    keptText: sums.keptText,
    keptUnits: whole ? supporting - opposing : null,
    sufficient,
    sources: countedSources.size,
  };
}

/** The kept sums through decimal.js, in file order, for sums past 40 significant digits. */
function sumsByDecimals(
  rules: Rules,
  evidence: readonly EvidenceLink[],
  weighed: readonly LinkWeight[],
  keptAt: readonly (string | null)[],
  keptLink: ReadonlyMap<string, string | null> | null,
): { supportingText: string; opposingText: string; keptText: string } {
  let supporting = ZERO;
  let opposing = ZERO;
  for (let i = 0; i < evidence.length; i++) {
    const link = evidence[i]!;
    const depends = keptLink === null ? (keptAt[i] ?? null) : (keptLink.get(link.id) ?? null);
    if (depends !== null) continue;
    if (link.direction === 'supports') supporting = supporting.plus(weighed[i]!.weight);
    else if (link.direction === 'opposes') opposing = opposing.plus(weighed[i]!.weight);
  }
  const w = rules.places.weight;
  return {
    supportingText: fixed(supporting, w),
    opposingText: fixed(opposing, w),
    keptText: fixed(supporting.minus(opposing), w),
  };
}
