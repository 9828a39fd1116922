/**
 * Why a claim comes out differently under two models, for every claim whose state or probability
 * differs: the declared settings of B that, put alone into A, change the claim's result under A,
 * largest move in log-odds first (the explanations' across-models part, docs/design.md §6a), each
 * as one sentence with what the claim's own evidence does with the setting. Claim pages and compare
 * pages say them alike.
 */
import type { SettingMove } from '../../engine/explain/index.ts';
import { probabilityText, type Outcome } from '../../engine/explain/outcome.ts';
import { groupingOf } from '../../engine/independence.ts';
import { dec, interpretationFactor, linkWeight, type Claim, type Model, type Rules } from '../../engine/index.ts';
import { outcomeFor, pairMoves, rulesFor } from './pairMoves.ts';
import {
  everyModelWords,
  independenceDetail,
  interpretationDetail,
  levelDetail,
  moveSentence,
} from '../claim/explainWords.ts';

/** A model as a sentence names it: "here" on its own claim page, "under ledger@1.1.0" on a compare page. */
export interface NamedModel {
  readonly model: Model;
  readonly name: string;
}

const LEVEL_TABLES = ['relevance', 'observation', 'authenticity', 'extraction'] as const;

/** The link with the most interpretation steps among those `pick` accepts (the first of equals), with its factors. */
function mostSteps(
  claim: Claim,
  here: Rules,
  there: Rules,
  pick: (a: string, b: string, floors: readonly [string, string]) => boolean,
): { steps: string; a: string; b: string } | null {
  let found: { steps: string; a: string; b: string } | null = null;
  const floors = [here.stepFloor.toFixed(), there.stepFloor.toFixed()] as const;
  for (const link of claim.evidence) {
    const steps = dec(link.interpretationSteps);
    if (steps.isZero() || (found !== null && !steps.greaterThan(found.steps))) continue;
    const a = interpretationFactor(here, steps).factor.toFixed();
    const b = interpretationFactor(there, steps).factor.toFixed();
    if (pick(a, b, floors)) found = { steps: steps.toFixed(), a, b };
  }
  return found;
}

/** What this claim's evidence does with one setting, when there is more to say than its values. */
export function moveDetail(setting: string, claim: Claim, here: NamedModel, there: NamedModel): string | null {
  const dot = setting.indexOf('.');
  const head = dot < 0 ? setting : setting.slice(0, dot);
  const key = setting.slice(dot + 1);
  if ((LEVEL_TABLES as readonly string[]).includes(head)) {
    const table = head as (typeof LEVEL_TABLES)[number];
    return levelDetail(claim.evidence.filter((link) => link[table] === key).length);
  }
  if (head === 'interpretation') {
    const atFloor = (a: string, b: string, [fa, fb]: readonly [string, string]) =>
      dec(a).equals(dec(fa)) || dec(b).equals(dec(fb));
    const link = mostSteps(
      claim,
      rulesFor(here.model),
      rulesFor(there.model),
      key === 'floor' ? atFloor : (a, b, floors) => !(dec(a).equals(dec(floors[0])) && dec(b).equals(dec(floors[1]))),
    );
    return link === null
      ? null
      : interpretationDetail(link.steps, key === 'floor', `${link.a} ${here.name}, ${link.b} under ${there.name}`);
  }
  if (setting === 'independence')
    return independenceDetail(
      severalGroups(claim, rulesFor(here.model)),
      there.model.independence === 'count-every-link',
    );
  return null;
}

/** Groups of several links from one source and direction, with their weights under `rules`. */
function severalGroups(claim: Claim, rules: Rules): { source: string; count: number; weights: string }[] {
  const name = (id: string) => claim.sources.find((s) => s.id === id)?.name ?? id;
  return groupingOf(claim.evidence)
    .groups.filter((g) => g.members.length > 1)
    .map((g) => {
      const weights = g.members.map((i) => linkWeight(rules, claim.evidence[i]!).working.weight);
      const same = weights.every((w) => dec(w).equals(dec(weights[0]!)));
      return {
        source: name(g.source),
        count: g.members.length,
        weights: same ? `${weights[0]} each` : weights.join(', '),
      };
    });
}

/**
 * The sentences for the settings that moved `claim` from `here` to `there`, in the order given
 * (largest move in log-odds first); one sentence saying the settings move it together when no
 * single one does.
 */
export function moveLines(
  moves: readonly SettingMove[],
  claim: Claim,
  here: NamedModel,
  there: NamedModel,
): { path: string; sentence: string }[] {
  if (moves.length === 0) return [{ path: 'together', sentence: everyModelWords.together }];
  return moves.map((move) => ({
    path: move.setting,
    sentence: moveSentence(move, here, there, moveDetail(move.setting, claim, here, there)),
  }));
}

/** Whether `claim` comes out under `other` with the same state and probability as `outcome` under `rules`. */
function sameResult(rules: Rules, outcome: Outcome, other: Rules, claim: Claim): boolean {
  const there = outcomeFor(other, claim);
  if (outcome.state !== there.state || !outcome.scored || !there.scored) return outcome.state === there.state;
  return (
    probabilityText(rules, outcome.x) === probabilityText(other, there.x) &&
    outcome.w === there.w &&
    outcome.x === there.x
  );
}

/** Two models of a comparison, with the ids its sentences name them by. */
export interface ModelPair {
  readonly a: Model;
  readonly b: Model;
  readonly aId: string;
  readonly bId: string;
}

/**
 * The sentences for `moves`, the settings that moved `claim` from model A to model B as the engine
 * worked them (an explanation's `settings` for B under A), none when its result is the same (null).
 */
export function reasonsFrom(
  models: ModelPair,
  moves: readonly SettingMove[] | null,
  claim: Claim,
): { path: string; sentence: string }[] {
  if (moves === null) return [];
  return moveLines(
    moves,
    claim,
    { model: models.a, name: `under ${models.aId}` },
    { model: models.b, name: models.bId },
  );
}

/** The settings that moved `claim` from model A to model B, as sentences with their paths. */
export function moveReasons(models: ModelPair, claim: Claim): { path: string; sentence: string }[] {
  const rules = rulesFor(models.a);
  const whole = outcomeFor(rules, claim);
  if (sameResult(rules, whole, rulesFor(models.b), claim)) return [];
  return reasonsFrom(models, pairMoves(models.a, models.b, claim), claim);
}
