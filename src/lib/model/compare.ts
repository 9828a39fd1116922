/**
 * Two models side by side: every declared value as a leaf path, which of them differ, and which
 * claims come out differently. Pure functions over models and trace results; pages only lay the
 * answers out.
 */
import { DECIMAL_PATTERN } from '../../schemas/common.ts';
import { Decimal, dec, type Model, type Trace, type TraceResult } from '../../engine/index.ts';
import { byCodeUnit } from '../../engine/order.ts';
import { idWords, plural } from '../render/words.ts';

/** A model's fields that describe the release rather than declare a number of the calculation. */
export const RELEASE_FIELDS: readonly string[] = ['name', 'version', 'released', 'basedOn', 'summary', 'changes'];

/** One declared value of a model: its path (`relevance.rumour`, `states[1].from`) and value. */
export interface Leaf {
  readonly path: string;
  /** The top-level field the leaf belongs to, e.g. `relevance`. */
  readonly section: string;
  /** The value as written; a list of plain values is one leaf, its items joined by ", ". */
  readonly value: string | null;
  /** The list's items when the leaf is a list of plain values. */
  readonly items?: readonly (string | null)[];
}

/** One row of a side-by-side table: the leaf under each model (`undefined` when not declared there). */
export interface SideBySideRow {
  readonly path: string;
  readonly section: string;
  readonly a: string | null | undefined;
  readonly b: string | null | undefined;
  readonly differs: boolean;
}

type Plain = string | number | boolean | null;
const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Lists every leaf of a model in the order its fields are declared. */
export function leaves(model: Model): Leaf[] {
  const out: Leaf[] = [];
  const walk = (value: unknown, path: string, section: string): void => {
    if (isPlain(value)) {
      out.push({ path, section, value: value === null ? null : String(value) });
    } else if (Array.isArray(value)) {
      if (value.every(isPlain)) {
        const items = value.map((item) => (item === null ? null : String(item)));
        out.push({ path, section, value: items.map((item) => item ?? 'null').join(', '), items });
      } else {
        value.forEach((item, i) => walk(item, `${path}[${i}]`, section));
      }
    } else if (typeof value === 'object' && value !== undefined) {
      for (const [key, child] of Object.entries(value as Record<string, unknown>))
        walk(child, `${path}.${key}`, section);
    }
  };
  for (const [key, value] of Object.entries(model)) walk(value, key, key);
  return out;
}

/** Two plain values are the same when they are equal as text, or both decimals of equal value ("2.0" and "2"). */
function sameValue(a: string | null, b: string | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return DECIMAL_PATTERN.test(a) && DECIMAL_PATTERN.test(b) && dec(a).equals(dec(b));
}

function sameLeaf(a: Leaf | undefined, b: Leaf | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.items || b.items) {
    const x = a.items ?? [a.value];
    const y = b.items ?? [b.value];
    return x.length === y.length && x.every((item, i) => sameValue(item, y[i]!));
  }
  return sameValue(a.value, b.value);
}

/**
 * Every leaf of either model with its value under each, grouped by top-level field in `a`'s order
 * (fields and leaves only `b` declares follow those of `a` within their group).
 */
export function sideBySide(a: Model, b: Model, options: { includeRelease?: boolean } = {}): SideBySideRow[] {
  const keep = (leaf: Leaf): boolean => options.includeRelease === true || !RELEASE_FIELDS.includes(leaf.section);
  const la = leaves(a).filter(keep);
  const lb = leaves(b).filter(keep);
  const byPathA = new Map(la.map((leaf) => [leaf.path, leaf]));
  const byPathB = new Map(lb.map((leaf) => [leaf.path, leaf]));
  const sections = [...new Set([...la, ...lb].map((leaf) => leaf.section))];
  const rows: SideBySideRow[] = [];
  for (const section of sections) {
    const paths = [...new Set([...la, ...lb].filter((leaf) => leaf.section === section).map((leaf) => leaf.path))];
    for (const path of paths) {
      const x = byPathA.get(path);
      const y = byPathB.get(path);
      rows.push({ path, section, a: x?.value, b: y?.value, differs: !sameLeaf(x, y) });
    }
  }
  return rows;
}

/** Every declared value (release fields left out unless asked for) whose value differs between two models. */
export function modelDiff(a: Model, b: Model, options: { includeRelease?: boolean } = {}): SideBySideRow[] {
  return sideBySide(a, b, options).filter((row) => row.differs);
}

/** A claim's outcome under one model, as a comparison needs it. */
export interface Outcome {
  readonly state: string;
  readonly probability: string | null;
}

/** A claim that comes out differently under two models. */
export interface ClaimDifference {
  readonly slug: string;
  readonly statement: string;
  readonly a: Outcome;
  readonly b: Outcome;
  readonly stateDiffers: boolean;
  readonly probabilityDiffers: boolean;
  /** b − a with a sign, when both have a probability; null otherwise. */
  readonly change: string | null;
}

/** The claims to compare: each claim's result under the two models. */
export interface ClaimPair {
  readonly slug: string;
  readonly statement: string;
  readonly a: Pick<TraceResult, 'state' | 'probability'>;
  readonly b: Pick<TraceResult, 'state' | 'probability'>;
}

const places = (value: string): number => (value.includes('.') ? value.length - value.indexOf('.') - 1 : 0);

/** Writes a signed change, "+0.1234", "−0.0500" or "0.0000", with the places of the longer operand. */
export function signedChange(a: string, b: string): string {
  const delta = dec(b).minus(dec(a));
  const text = delta.abs().toFixed(Math.max(places(a), places(b)));
  return delta.isZero() ? text : `${delta.isNegative() ? '−' : '+'}${text}`;
}

/**
 * The claims whose state or probability differs between two models, biggest disagreement first:
 * a change of state before a change of probability alone, a refusal against a number before any
 * numeric change, then by the size of the change, then by slug. Also how many agree.
 */
export function claimDifferences(pairs: readonly ClaimPair[]): { differ: ClaimDifference[]; agree: number } {
  const differ: ClaimDifference[] = [];
  for (const { slug, statement, a, b } of pairs) {
    const stateDiffers = a.state !== b.state;
    const probabilityDiffers =
      a.probability === null || b.probability === null
        ? a.probability !== b.probability
        : !dec(a.probability).equals(dec(b.probability));
    if (!stateDiffers && !probabilityDiffers) continue;
    const change = a.probability !== null && b.probability !== null ? signedChange(a.probability, b.probability) : null;
    differ.push({
      slug,
      statement,
      a: { state: a.state, probability: a.probability },
      b: { state: b.state, probability: b.probability },
      stateDiffers,
      probabilityDiffers,
      change,
    });
  }
  const size = (d: ClaimDifference) => (d.change === null ? dec(2) : dec(d.change.replace('−', '-')).abs());
  differ.sort((x, y) => {
    if (x.stateDiffers !== y.stateDiffers) return x.stateDiffers ? -1 : 1;
    const bySize = size(y).comparedTo(size(x));
    if (bySize !== 0) return bySize;
    return x.slug < y.slug ? -1 : x.slug > y.slug ? 1 : 0;
  });
  return { differ, agree: pairs.length - differ.length };
}

/** How far the released models disagree on one claim. */
export interface Disagreement {
  readonly slug: string;
  readonly statement: string;
  /** Distinct states the claim gets across the models. */
  readonly states: readonly string[];
  /** Largest minus smallest probability across the models that give one; null if fewer than two do. */
  readonly spread: string | null;
  /** The model giving the lowest and the highest probability (first in model order on ties). */
  readonly lowest: { readonly model: string; readonly probability: string } | null;
  readonly highest: { readonly model: string; readonly probability: string } | null;
}

/**
 * Ranks claims by how much the released models disagree on them: most distinct states first, then
 * the widest probability spread, then by slug. Claims every model agrees on are left out.
 */
export function disagreements(
  claims: readonly {
    readonly slug: string;
    readonly statement: string;
    readonly results: readonly {
      readonly model: string;
      readonly state: string;
      readonly probability: string | null;
    }[];
  }[],
): Disagreement[] {
  const out: Disagreement[] = [];
  for (const { slug, statement, results } of claims) {
    const states = [...new Set(results.map((r) => r.state))];
    const numbered = results.filter((r): r is typeof r & { probability: string } => r.probability !== null);
    let lowest: Disagreement['lowest'] = null;
    let highest: Disagreement['highest'] = null;
    for (const r of numbered) {
      if (lowest === null || dec(r.probability).lessThan(dec(lowest.probability)))
        lowest = { model: r.model, probability: r.probability };
      if (highest === null || dec(r.probability).greaterThan(dec(highest.probability)))
        highest = { model: r.model, probability: r.probability };
    }
    const spread =
      numbered.length >= 2 && lowest && highest
        ? signedChange(lowest.probability, highest.probability).replace('+', '')
        : null;
    if (states.length < 2 && (spread === null || dec(spread).isZero())) continue;
    out.push({ slug, statement, states, spread, lowest, highest });
  }
  const spreadOf = (d: Disagreement) => (d.spread === null ? dec(0) : dec(d.spread));
  return out.sort(
    (x, y) =>
      y.states.length - x.states.length ||
      spreadOf(y).comparedTo(spreadOf(x)) ||
      (x.slug < y.slug ? -1 : x.slug > y.slug ? 1 : 0),
  );
}

/** The claims paired up under two models, from a lookup of traces. */
export function claimPairs(
  claims: readonly { readonly slug: string; readonly claim: { readonly statement: string } }[],
  traceOf: (slug: string, model: string) => { readonly result: Pick<TraceResult, 'state' | 'probability'> },
  a: string,
  b: string,
): ClaimPair[] {
  return claims.map(({ slug, claim }) => ({
    slug,
    statement: claim.statement,
    a: traceOf(slug, a).result,
    b: traceOf(slug, b).result,
  }));
}

/** Every ordered pair of distinct models. */
export function orderedPairs<T>(items: readonly T[]): [T, T][] {
  return items.flatMap((a) => items.filter((b) => b !== a).map((b): [T, T] => [a, b]));
}

/** A claim that comes out the same under both models, with its outcome (under either). */
export interface Agreement {
  readonly slug: string;
  readonly statement: string;
  readonly outcome: Outcome;
}

/** What the page setting two models side by side shows, computed once. */
export interface CompareView {
  /** Every declared value of either model, with whether it differs. */
  readonly rows: readonly SideBySideRow[];
  /** The declared values that differ. */
  readonly differing: readonly SideBySideRow[];
  /** The claims that come out differently, biggest disagreement first. */
  readonly differ: readonly ClaimDifference[];
  /** The claims that come out the same, in the given order of claims. */
  readonly agreeing: readonly Agreement[];
}

/**
 * The comparison of two models over the claims: their declared values side by side and the claims
 * split into those that differ and those that agree (one pass with a set, not a search per claim).
 */
export function compareView(modelA: Model, modelB: Model, pairs: readonly ClaimPair[]): CompareView {
  const rows = sideBySide(modelA, modelB);
  const { differ } = claimDifferences(pairs);
  const differs = new Set(differ.map((d) => d.slug));
  const agreeing = pairs
    .filter((p) => !differs.has(p.slug))
    .map((p) => ({
      slug: p.slug,
      statement: p.statement,
      outcome: { state: p.a.state, probability: p.a.probability },
    }));
  return { rows, differing: rows.filter((r) => r.differs), differ, agreeing };
}

/** How each observation level reads after "weight for". */
const OBSERVATION_WORDS: Readonly<Record<string, string>> = {
  measurement: 'a measurement',
  'official-record': 'an official record',
  document: 'a document',
  'first-hand-account': 'a first-hand account',
  'second-hand-report': 'a second-hand report',
  rumour: 'a rumour',
  'model-output': 'the output of a model',
};

/** How each relevance level reads after "weight for evidence that". */
const RELEVANCE_WORDS: Readonly<Record<string, string>> = {
  'states-outright': 'states the claim outright',
  'bears-directly': 'bears directly on the claim',
  'touches-subject': 'only touches the subject',
  'context-only': 'is context only',
};

/** Settings that are one fixed field of every model, in words. */
const FIXED_WORDS: Readonly<Record<string, string>> = {
  'interpretation.stepCost': 'cost of each interpretation step',
  'interpretation.floor': 'lowest factor interpretation steps can reach',
  independence: 'which evidence counts when sources are not independent',
  'rounding.mode': 'rounding rule',
  'rounding.weight': 'decimal places of a weight',
  'rounding.probability': 'decimal places of a probability',
  'rounding.coverage': 'decimal places of review coverage',
  'stability.scales': 'scales the stability test tries',
  'stability.high': 'widest spread that is still high stability',
  'stability.medium': 'widest spread that is still medium stability',
  'stability.minGroupsForHigh': 'independent groups needed for high stability',
  'review.checks': 'review checks',
  'gradient.floor': 'smallest weight of a vote',
  'gradient.neutral': 'gradient with no votes',
  'gradient.trueFrom': 'gradient from which the community calls it true',
  'gradient.falseTo': 'gradient up to which the community calls it false',
};

/** "a" or "an" before words. */
const withArticle = (words: string): string => `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;

/** camelCase and ids as words: `minGroupsForHigh` → "min groups for high". */
const keyWords = (key: string): string => idWords(key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

/**
 * A declared setting's path in words for readers: `observation.second-hand-report` → "weight for a
 * second-hand report", `states[1].from` → "where “unlikely” starts" (the state named by `model`).
 * Paths no rule knows are read key by key, so a new field still reads as words.
 */
export function settingWords(path: string, model?: Pick<Model, 'states'>): string {
  const fixed = FIXED_WORDS[path];
  if (fixed !== undefined) return fixed;
  const state = /^states\[(\d+)\]\.(from|state)$/.exec(path);
  if (state) {
    const index = Number(state[1]);
    const name = model?.states[index]?.state;
    if (state[2] === 'state') return `name of state ${index + 1}`;
    return name === undefined ? `where state ${index + 1} starts` : `where “${idWords(name)}” starts`;
  }
  const dot = path.indexOf('.');
  const section = dot < 0 ? path : path.slice(0, dot);
  const key = dot < 0 ? '' : path.slice(dot + 1);
  switch (section) {
    case 'observation':
      return `weight for ${OBSERVATION_WORDS[key] ?? withArticle(idWords(key))}`;
    case 'relevance':
      return `weight for evidence that ${RELEVANCE_WORDS[key] ?? `is “${idWords(key)}”`}`;
    case 'authenticity':
    case 'extraction':
      return `weight for ${idWords(key)} ${section}`;
    case 'priors':
      return `starting probability of ${withArticle(idWords(key))} claim`;
    case 'notScored':
      return `why ${withArticle(idWords(key))} is not scored`;
    default:
      return path
        .split(/[.[\]]+/)
        .filter(Boolean)
        .map(keyWords)
        .join(': ');
  }
}

/**
 * A declared value as a reader reads it: an id (`half-even`, `very-likely`, a list of check ids)
 * in words; numbers and sentences as written; `undefined` (not declared) and `null` kept.
 */
export function valueWords(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value;
  return value
    .split(', ')
    .map((item) => (/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(item) ? idWords(item) : item))
    .join(', ');
}

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

/** |ln b − ln a| for two factors, infinite when exactly one of them is zero: how far a factor moves the log-odds. */
function logRatio(a: string, b: string): Decimal {
  const x = dec(a);
  const y = dec(b);
  if (x.equals(y)) return dec(0);
  if (x.isZero() || y.isZero() || x.isNegative() || y.isNegative()) return new Decimal(Infinity);
  return y.ln().minus(x.ln()).abs();
}

/** |logit b − logit a| for two probabilities, infinite at 0 or 1. */
function logitDistance(a: string, b: string): Decimal {
  const logit = (p: Decimal) => p.dividedBy(dec(1).minus(p)).ln();
  const x = dec(a);
  const y = dec(b);
  if (x.equals(y)) return dec(0);
  if ([x, y].some((p) => p.lessThanOrEqualTo(0) || p.greaterThanOrEqualTo(1))) return new Decimal(Infinity);
  return logit(y).minus(logit(x)).abs();
}

const FACTOR_TABLES = ['relevance', 'observation', 'authenticity', 'extraction'] as const;

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
  const differing = new Map(modelDiff(models.a, models.b).map((row) => [row.path, row]));
  const found = new Map<string, { rank: Decimal; detail: string | null }>();
  const note = (path: string, rank: Decimal, detail: string | null): void => {
    if (!differing.has(path)) return;
    const seen = found.get(path);
    if (seen === undefined || rank.greaterThan(seen.rank)) found.set(path, { rank, detail });
  };
  const linksB = new Map(traceB.working.links.map((link) => [link.id, link]));
  const count = (table: string, level: string) =>
    traceA.working.links.filter((l) => l[table as (typeof FACTOR_TABLES)[number]].level === level).length;
  for (const la of traceA.working.links) {
    const lb = linksB.get(la.id);
    if (lb === undefined) continue;
    for (const table of FACTOR_TABLES) {
      const n = count(table, la[table].level);
      note(
        `${table}.${la[table].level}`,
        logRatio(la[table].factor, lb[table].factor),
        `${plural(n, 'piece of evidence', 'pieces of evidence')} for this claim ${n === 1 ? 'is' : 'are'} weighed with it`,
      );
    }
    const steps = la.interpretation.steps;
    if (dec(steps).isZero()) continue;
    const rank = logRatio(la.interpretation.factor, lb.interpretation.factor);
    const factors = `factor ${la.interpretation.factor} under ${models.aId}, ${lb.interpretation.factor} under ${models.bId}`;
    const stepWords = plural(Number(steps), 'interpretation step', 'interpretation steps');
    const atFloor = (link: typeof la, model: Model) =>
      dec(link.interpretation.factor).equals(dec(model.interpretation.floor));
    if (atFloor(la, models.a) || atFloor(lb, models.b))
      note('interpretation.floor', rank, `${stepWords} take the factor down to its floor: ${factors}`);
    if (!(atFloor(la, models.a) && atFloor(lb, models.b)))
      note('interpretation.stepCost', rank, `${stepWords}: ${factors}`);
  }
  const type = traceA.working.type;
  const priorA = traceA.working.prior;
  const priorB = traceB.working.prior;
  if (priorA !== null || priorB !== null) {
    const rank = priorA && priorB ? dec(priorB.logOdds).minus(dec(priorA.logOdds)).abs() : new Decimal(Infinity);
    note(`priors.${type}`, rank, null);
  }
  if (!traceA.working.applicable || !traceB.working.applicable) note(`notScored.${type}`, new Decimal(Infinity), null);
  // Thresholds rank after every factor: a moved boundary matters only as far as the probability reaches it.
  const thresholdRank = (i: number) => {
    const row = differing.get(`states[${i}].from`);
    return row?.a && row.b ? Decimal.min(logitDistance(row.a, row.b), dec('1e-9')) : dec('1e-9');
  };
  for (const trace of [traceA, traceB]) {
    const index = trace.working.state?.index;
    if (index === undefined) continue;
    for (const i of [index, index + 1]) {
      note(`states[${i}].from`, thresholdRank(i), null);
      note(`states[${i}].state`, dec(0), null);
    }
  }
  if (traceA.working.links.length > 1) note('independence', dec(0), null);
  for (const path of ['rounding.mode', 'rounding.weight', 'rounding.probability']) note(path, dec(0), null);
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
