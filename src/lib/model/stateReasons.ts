/**
 * Why a claim's state differs between two models: the declared settings that differ and that the
 * claim's working uses, most decisive first, each as a sentence for the compare page.
 */
import { Decimal, dec, type Model, type Trace } from '../../engine/index.ts';
import { byCodeUnit } from '../../engine/order.ts';
import { plural } from '../render/words.ts';
import { modelDiff, type SideBySideRow } from './sideBySide.ts';
import { settingWords, valueWords } from './settingWords.ts';
import { LEVEL_TABLES, type LevelTableName } from './levelTables.ts';

/** One declared setting that moved a claim's state between two models. */
export interface StateReason {
  readonly path: string;
  /** The setting in words (see `settingWords`). */
  readonly label: string;
  /** Its value under each model, in words (`undefined` when that model does not declare it). */
  readonly a: string | null | undefined;
  readonly b: string | null | undefined;
  /** What this claim's working does with it, when there is more to say than the values. */
  readonly detail: string | null;
}

/** Ratios already worked out: factors come from a model's few declared levels, so the same pairs recur on every claim. */
const ratios = new Map<string, Decimal>();

/** |ln b − ln a| for two factors, infinite when exactly one of them is zero: how far a factor moves the log-odds. */
function logRatio(a: string, b: string): Decimal {
  const key = `${a} ${b}`;
  const known = ratios.get(key);
  if (known !== undefined) return known;
  const x = dec(a);
  const y = dec(b);
  const ratio = x.equals(y)
    ? dec(0)
    : x.isZero() || y.isZero() || x.isNegative() || y.isNegative()
      ? new Decimal(Infinity)
      : y.ln().minus(x.ln()).abs();
  ratios.set(key, ratio);
  return ratio;
}

/** The settings that differ between two models by path, once per pair of models (a page asks for every claim). */
const differences = new WeakMap<Model, WeakMap<Model, Map<string, SideBySideRow>>>();
function differingOf(a: Model, b: Model): Map<string, SideBySideRow> {
  const forA = differences.get(a) ?? new WeakMap<Model, Map<string, SideBySideRow>>();
  differences.set(a, forA);
  let found = forA.get(b);
  if (found === undefined) {
    found = new Map(modelDiff(a, b).map((row) => [row.path, row]));
    forA.set(b, found);
  }
  return found;
}

const zero = (): Decimal => dec(0);
const none = (): null => null;

/** Distances already worked out: thresholds are a model's own, the same for every claim. */
const distances = new Map<string, Decimal>();

/** |logit b − logit a| for two probabilities, infinite at 0 or 1. */
function logitDistance(a: string, b: string): Decimal {
  const key = `${a} ${b}`;
  const known = distances.get(key);
  if (known !== undefined) return known;
  const logit = (p: Decimal) => p.dividedBy(dec(1).minus(p)).ln();
  const x = dec(a);
  const y = dec(b);
  const distance = x.equals(y)
    ? dec(0)
    : [x, y].some((p) => p.lessThanOrEqualTo(0) || p.greaterThanOrEqualTo(1))
      ? new Decimal(Infinity)
      : logit(y).minus(logit(x)).abs();
  distances.set(key, distance);
  return distance;
}

/**
 * Why a claim's state differs between models A and B: the declared settings that differ between
 * them and that this claim's working uses (a factor level of one of its links, the interpretation
 * step cost or floor its links reach, the prior of its type, the not-scored rule of its type, a
 * threshold beside either of its states, the independence and rounding rules), each with its value
 * under both models, most decisive first: the one that moves a factor or the prior furthest in
 * log-odds (to or from zero first), then thresholds; the rules only when nothing else differs.
 * Empty when the state is the same.
 */
export function stateReasons(
  models: { readonly a: Model; readonly b: Model; readonly aId: string; readonly bId: string },
  traceA: Pick<Trace, 'result' | 'working'>,
  traceB: Pick<Trace, 'result' | 'working'>,
): StateReason[] {
  if (traceA.result.state === traceB.result.state) return [];
  const differing = differingOf(models.a, models.b);
  const found = new Map<string, { rank: Decimal; detail: string | null }>();
  // The rank and the words are worked out only for a setting that differs: most of a claim's
  // settings do not, and a logarithm in decimal.js is what a compare page's time went to.
  const note = (path: string, rank: () => Decimal, detail: () => string | null): void => {
    if (!differing.has(path)) return;
    const seen = found.get(path);
    const r = rank();
    if (seen === undefined || r.greaterThan(seen.rank)) found.set(path, { rank: r, detail: detail() });
  };
  const linksB = new Map(traceB.working.links.map((link) => [link.id, link]));
  const count = (table: string, level: string) =>
    traceA.working.links.filter((l) => l[table as LevelTableName].level === level).length;
  for (const la of traceA.working.links) {
    const lb = linksB.get(la.id);
    if (lb === undefined) continue;
    for (const table of LEVEL_TABLES) {
      note(
        `${table}.${la[table].level}`,
        () => logRatio(la[table].factor, lb[table].factor),
        () => {
          const n = count(table, la[table].level);
          return `${plural(n, 'piece of evidence', 'pieces of evidence')} for this claim ${n === 1 ? 'is' : 'are'} weighed with it`;
        },
      );
    }
    const steps = la.interpretation.steps;
    if (dec(steps).isZero()) continue;
    const rank = () => logRatio(la.interpretation.factor, lb.interpretation.factor);
    const factors = `factor ${la.interpretation.factor} under ${models.aId}, ${lb.interpretation.factor} under ${models.bId}`;
    const stepWords = plural(Number(steps), 'interpretation step', 'interpretation steps');
    const atFloor = (link: typeof la, model: Model) =>
      dec(link.interpretation.factor).equals(dec(model.interpretation.floor));
    if (atFloor(la, models.a) || atFloor(lb, models.b))
      note('interpretation.floor', rank, () => `${stepWords} take the factor down to its floor: ${factors}`);
    if (!(atFloor(la, models.a) && atFloor(lb, models.b)))
      note('interpretation.stepCost', rank, () => `${stepWords}: ${factors}`);
  }
  const type = traceA.working.type;
  const priorA = traceA.working.prior;
  const priorB = traceB.working.prior;
  if (priorA !== null || priorB !== null) {
    note(
      `priors.${type}`,
      () => (priorA && priorB ? dec(priorB.logOdds).minus(dec(priorA.logOdds)).abs() : new Decimal(Infinity)),
      none,
    );
  }
  if (!traceA.working.applicable || !traceB.working.applicable)
    note(`notScored.${type}`, () => new Decimal(Infinity), none);
  // Thresholds rank after every factor: a moved boundary matters only as far as the probability reaches it.
  const thresholdRank = (i: number) => {
    const row = differing.get(`states[${i}].from`);
    return row?.a && row.b ? Decimal.min(logitDistance(row.a, row.b), dec('1e-9')) : dec('1e-9');
  };
  for (const trace of [traceA, traceB]) {
    const index = trace.working.state?.index;
    if (index === undefined) continue;
    for (const i of [index, index + 1]) {
      note(`states[${i}].from`, () => thresholdRank(i), none);
      note(`states[${i}].state`, zero, none);
    }
  }
  if (traceA.working.links.length > 1) note('independence', zero, none);
  for (const path of ['rounding.mode', 'rounding.weight', 'rounding.probability']) note(path, zero, none);
  // The rules (rank 0) touch every claim alike: named only when no factor, prior or threshold is.
  const ranked = [...found].filter(([, f]) => !f.rank.isZero());
  return (ranked.length > 0 ? ranked : [...found])
    .sort(([x, fx], [y, fy]) => fy.rank.comparedTo(fx.rank) || byCodeUnit(x, y))
    .map(([path, { detail }]) => {
      const row = differing.get(path)!;
      return { path, label: settingWords(path, models.b), a: valueWords(row.a), b: valueWords(row.b), detail };
    });
}

/** One reason as a sentence: "Lowest factor …: 0.1 under A, 0 under B (9 interpretation steps …)". */
export function reasonSentence(reason: StateReason, aId: string, bId: string): string {
  const show = (value: string | null | undefined) =>
    value === undefined ? 'not declared' : value === null ? 'none' : value;
  const values = `${show(reason.a)} under ${aId}, ${show(reason.b)} under ${bId}`;
  const label = reason.label.charAt(0).toUpperCase() + reason.label.slice(1);
  return reason.detail === null ? `${label}: ${values}.` : `${label}: ${values}. ${reason.detail}.`;
}
