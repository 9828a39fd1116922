/**
 * Across models (docs/design.md §6a): the claim's result under every released model and, for each whose
 * state or probability differs from the page's model, the declared settings that moved it. A
 * setting moved it when putting that one setting's value from the other model into the page's model
 * changes the claim's result there (its state, probability or posterior log-odds); the settings are
 * ordered by how far each moved the log-odds, largest first, one that makes or ends a refusal
 * before all others, then by path.
 */
import { dec } from '../decimal.ts';
import { byCodeUnit } from '../order.ts';
import type { Rules } from '../rules.ts';
import type { Claim, Model } from '../types.ts';
import { unitsText } from '../units.ts';
import { briefOf, moved } from './brief.ts';
import { outcomeOf, type Outcome } from './outcome.ts';
import { own, substitutedRules, TABLES } from './substitution.ts';
import type { ModelResult, SettingMove } from './types.ts';

/** Whether two declared decimals differ in value (absent differs from present). */
function differ(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return a !== b;
  return !dec(a).equals(dec(b));
}

/** Every declared setting that differs between two models, by path (once per pair of models). */
const pairs = new WeakMap<Model, WeakMap<Model, ReadonlySet<string>>>();
function differingPaths(page: Model, other: Model): ReadonlySet<string> {
  let byOther = pairs.get(page);
  if (byOther === undefined) pairs.set(page, (byOther = new WeakMap()));
  let found = byOther.get(other);
  if (found !== undefined) return found;
  const paths = new Set<string>();
  for (const table of [...TABLES, 'priors'] as const) {
    for (const key of new Set([...Object.keys(page[table]), ...Object.keys(other[table])]))
      if (differ(own(page[table], key), own(other[table], key))) paths.add(`${table}.${key}`);
  }
  for (const key of ['stepCost', 'floor'] as const)
    if (differ(page.interpretation[key], other.interpretation[key])) paths.add(`interpretation.${key}`);
  if (page.independence !== other.independence) paths.add('independence');
  const states = (m: Model) => m.states.map((s) => `${dec(s.from).toFixed()} ${s.state}`).join('\n');
  if (states(page) !== states(other)) paths.add('states');
  if (page.rounding.mode !== other.rounding.mode) paths.add('rounding.mode');
  for (const key of ['weight', 'probability'] as const)
    if (differ(page.rounding[key], other.rounding[key])) paths.add(`rounding.${key}`);
  byOther.set(other, (found = paths));
  return found;
}

/** The declared settings that differ between the two models and that this claim's working reads. */
export function candidateSettings(page: Model, other: Model, claim: Claim): string[] {
  const differing = differingPaths(page, other);
  if (differing.size === 0) return [];
  const used = new Set<string>();
  for (const link of claim.evidence) {
    for (const table of TABLES) {
      const a = own(page[table], link[table]);
      const b = own(other[table], link[table]);
      if (a !== undefined && b !== undefined) used.add(`${table}.${link[table]}`);
    }
  }
  if (claim.evidence.some((link) => link.interpretationSteps !== '0' && !dec(link.interpretationSteps).isZero()))
    used.add('interpretation.stepCost').add('interpretation.floor');
  used.add(`priors.${claim.type}`);
  for (const path of ['independence', 'states', 'rounding.mode', 'rounding.weight', 'rounding.probability'])
    used.add(path);
  return [...used].filter((path) => differing.has(path)).sort(byCodeUnit);
}

/** Whether two outcomes have the same state, posterior log-odds and probability (worked only if needed). */
function sameResult(ra: Rules, a: Outcome, rb: Rules, b: Outcome): boolean {
  if (a.state !== b.state || !a.scored || !b.scored) return a.state === b.state && a.scored === b.scored;
  if (moved(a, b).units !== 0n) return false;
  const p = briefOf(ra, a).probability!;
  const q = briefOf(rb, b).probability!;
  return p === q || dec(p).equals(dec(q));
}

/** The settings that moved the claim from the page's model to `other`, in the order above. */
export function settingsMoving(page: Rules, pageOutcome: Outcome, other: Model, claim: Claim): SettingMove[] {
  const rows: SettingMove[] = [];
  for (const path of candidateSettings(page.model, other, claim)) {
    const rules = substitutedRules(page, other, path);
    const outcome = outcomeOf(rules, claim.type, claim.evidence);
    if (sameResult(rules, outcome, page, pageOutcome)) continue;
    rows.push({
      setting: path,
      state: outcome.state,
      posteriorLogOdds: outcome.scored ? unitsText(outcome.x, outcome.w) : null,
      change: moved(outcome, pageOutcome).text,
    });
  }
  // Changes written at different places compare as decimals.
  const size = (row: SettingMove) => (row.change === null ? null : dec(row.change).abs());
  return rows.sort((a, b) => {
    const x = size(a);
    const y = size(b);
    if (x === null || y === null) return x === y ? byCodeUnit(a.setting, b.setting) : x === null ? -1 : 1;
    return y.comparedTo(x) || byCodeUnit(a.setting, b.setting);
  });
}

/** The claim's result under every model, with the settings that moved each one that differs. */
export function acrossModels(page: Rules, pageOutcome: Outcome, models: readonly Rules[], claim: Claim): ModelResult[] {
  return models.map((rules) => {
    const outcome = rules === page ? pageOutcome : outcomeOf(rules, claim.type, claim.evidence);
    const brief = briefOf(rules, outcome);
    const same = rules === page || sameOnPage(briefOf(page, pageOutcome), brief);
    return { model: rules.id, ...brief, settings: same ? null : settingsMoving(page, pageOutcome, rules.model, claim) };
  });
}

/** Whether two results show the same state and probability. */
function sameOnPage(a: ReturnType<typeof briefOf>, b: ReturnType<typeof briefOf>): boolean {
  if (a.state !== b.state) return false;
  if (a.probability === null || b.probability === null) return a.probability === b.probability;
  return dec(a.probability).equals(dec(b.probability));
}
