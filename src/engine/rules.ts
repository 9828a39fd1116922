/**
 * A model's numbers parsed once into decimals, so that scoring many claims under one model does
 * not re-parse its tables.
 */
import { Decimal, dec } from './decimal.ts';
import type { IndependenceStrategy, LevelTable, Model, RoundingMode } from './types.ts';

/** A level table with its factors parsed. */
export type Factors = ReadonlyMap<string, Decimal>;

/** The model's rules in decimal form. */
export interface Rules {
  readonly model: Model;
  readonly id: string;
  readonly mode: RoundingMode;
  readonly places: { readonly weight: number; readonly probability: number; readonly coverage: number };
  readonly relevance: Factors;
  readonly observation: Factors;
  readonly stepCost: Decimal;
  readonly stepFloor: Decimal;
  readonly authenticity: Factors;
  readonly extraction: Factors;
  readonly independence: IndependenceStrategy;
  readonly priors: Factors;
  readonly states: readonly { readonly from: Decimal; readonly state: string }[];
  readonly scales: readonly Decimal[];
  readonly stabilityHigh: Decimal;
  readonly stabilityMedium: Decimal;
  readonly minGroupsForHigh: number;
  readonly checks: readonly string[];
  readonly gradient: {
    readonly floor: Decimal;
    readonly neutral: Decimal;
    readonly trueFrom: Decimal;
    readonly falseTo: Decimal;
  };
}

/** The id of a model: `<name>@<version>`. */
export function modelId(model: Pick<Model, 'name' | 'version'>): string {
  return `${model.name}@${model.version}`;
}

function factors(table: LevelTable): Factors {
  return new Map(Object.entries(table).map(([level, factor]) => [level, dec(factor)]));
}

function whole(value: string): number {
  return dec(value).toNumber();
}

/** Parses a validated model's numbers into decimals. */
export function rulesOf(model: Model): Rules {
  return {
    model,
    id: modelId(model),
    mode: model.rounding.mode,
    places: {
      weight: whole(model.rounding.weight),
      probability: whole(model.rounding.probability),
      coverage: whole(model.rounding.coverage),
    },
    relevance: factors(model.relevance),
    observation: factors(model.observation),
    stepCost: dec(model.interpretation.stepCost),
    stepFloor: dec(model.interpretation.floor),
    authenticity: factors(model.authenticity),
    extraction: factors(model.extraction),
    independence: model.independence,
    priors: factors(model.priors),
    states: model.states.map(({ from, state }) => ({ from: dec(from), state })),
    scales: model.stability.scales.map(dec),
    stabilityHigh: dec(model.stability.high),
    stabilityMedium: dec(model.stability.medium),
    minGroupsForHigh: whole(model.stability.minGroupsForHigh),
    checks: model.review.checks,
    gradient: {
      floor: dec(model.gradient.floor),
      neutral: dec(model.gradient.neutral),
      trueFrom: dec(model.gradient.trueFrom),
      falseTo: dec(model.gradient.falseTo),
    },
  };
}

/** Looks a level up in a table; the loader has already rejected unknown levels. */
export function factorOf(table: Factors, level: string, field: string): Decimal {
  const factor = table.get(level);
  if (factor === undefined) throw new Error(`${field}: unknown level "${level}"`);
  return factor;
}
