/**
 * Steps 1 to 7 of one claim's evidence under one model's rules, for the explanations: the result a
 * list of links gives (state, probability, posterior log-odds, or the refusal), worked with the
 * engine's own steps. Edited evidence is scored here in full, without the working a trace keeps.
 */
import { Decimal } from '../decimal.ts';
import { perRules } from '../perRules.ts';
import { priorLogOdds } from '../prior.ts';
import type { Rules } from '../rules.ts';
import { INSUFFICIENT_REASON, notScoredReason } from '../score.ts';
import { unitsText } from '../units.ts';
import { INSUFFICIENT_EVIDENCE, NOT_APPLICABLE, type EvidenceLink } from '../types.ts';
import { probabilityUnits, stateAt } from './boundaries.ts';
import { weightsUnder } from './substitution.ts';

/** A claim's result under some rules: a scored one carries its log-odds in units of 10^−w. */
export type Outcome =
  | {
      readonly scored: true;
      readonly state: string;
      /** Posterior log-odds in whole units of 10^−w, w the rules' weight places. */
      readonly x: bigint;
      readonly w: number;
    }
  | { readonly scored: false; readonly state: string; readonly reason: string };

/** A prior's log-odds in units, by the weight's places, the mode and the prior (shared by every model). */
const priorsByKey = new Map<string, bigint>();

/** The prior's log-odds in units of 10^−w for each type the rules score. */
const priorUnits = perRules((rules) => {
  const scale = new Decimal(10).pow(rules.places.weight);
  const units = new Map<string, bigint>();
  for (const [type, p] of rules.priors) {
    const key = `${rules.places.weight} ${rules.mode} ${p.toFixed()}`;
    let found = priorsByKey.get(key);
    if (found === undefined) {
      found = BigInt(priorLogOdds(rules, p).times(scale).toFixed());
      priorsByKey.set(key, found);
    }
    units.set(type, found);
  }
  return units;
});

/** The result of `evidence` for a claim of `type` under `rules` (steps 1 to 7; no stability). */
export function outcomeOf(rules: Rules, type: string, evidence: readonly EvidenceLink[]): Outcome {
  const prior = rules.priors.has(type) ? priorUnits(rules).get(type)! : null;
  if (prior === null) return { scored: false, state: NOT_APPLICABLE, reason: notScoredReason(rules.model, type) };
  const weights = weightsUnder(rules, evidence).map((weight) => weight.units);
  const counted = new Array<boolean>(evidence.length).fill(rules.independence === 'count-every-link');
  if (rules.independence !== 'count-every-link') {
    // Step 3: the strongest of each (source, direction) group; ties go to the first in file order.
    const strongest = new Map<string, number>();
    evidence.forEach((link, i) => {
      const key = `${link.source}\u0000${link.direction}`;
      const best = strongest.get(key);
      if (best === undefined || weights[i]! > weights[best]!) strongest.set(key, i);
    });
    for (const i of strongest.values()) counted[i] = true;
  }
  let x = prior;
  let sufficient = false;
  evidence.forEach((link, i) => {
    if (!counted[i]) return;
    const weight = weights[i]!;
    if (weight > 0n) sufficient = true;
    x += link.direction === 'supports' ? weight : -weight;
  });
  if (!sufficient) return { scored: false, state: INSUFFICIENT_EVIDENCE, reason: INSUFFICIENT_REASON };
  return { scored: true, state: stateAt(rules, x), x, w: rules.places.weight };
}

/** Probabilities already written, per rules, by log-odds (cleared when large: a build's claims come and go). */
const written = perRules(() => new Map<bigint, string>());

/** The rounded probability at log-odds of `x` units, written with the rules' probability places. */
export function probabilityText(rules: Rules, x: bigint): string {
  const known = written(rules);
  let text = known.get(x);
  if (text === undefined) {
    if (known.size >= 4096) known.clear();
    text = unitsText(probabilityUnits(rules, x), rules.places.probability);
    known.set(x, text);
  }
  return text;
}
