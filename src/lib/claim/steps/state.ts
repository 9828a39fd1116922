/** The state step: the model's thresholds and the claim's place among them. */
import { Decimal } from '../../../engine/decimal.ts';
import type { Model, Trace } from '../../../engine/index.ts';
import { columnPlaces } from '../../render/figures.ts';
import { fieldOf, type Field } from '../fields.ts';

/** One row of the state thresholds table. */
export interface ThresholdRow {
  readonly from: Field | string;
  readonly state: Field | string;
  /** The range in words, e.g. `0.7 ≤ p < 0.9`. */
  readonly range: string;
  readonly current: boolean;
  /** Where the band starts and ends on a 0–100 scale, for the drawn scale. */
  readonly start: string;
  readonly width: string;
}

function percent(value: string): string {
  return new Decimal(value).times(100).toDecimalPlaces(2).toFixed();
}

/**
 * The model's state thresholds with the claim's place among them. A refused claim has no place:
 * the thresholds are then the model's own (not from the trace) and no row is current.
 */
export function thresholdRows(trace: Trace, model: Model): ThresholdRow[] {
  const working = trace.working.state;
  const thresholds = working?.thresholds ?? model.states;
  return thresholds.map(({ from, state }, index) => {
    const next = thresholds[index + 1]?.from;
    const end = next ?? '1';
    return {
      from: working ? fieldOf(trace, `working.state.thresholds.${index}.from`) : from,
      state: working ? fieldOf(trace, `working.state.thresholds.${index}.state`) : state,
      range: next === undefined ? `${from} ≤ p ≤ 1` : `${from} ≤ p < ${next}`,
      current: working?.index === index,
      start: percent(from),
      width: new Decimal(percent(end)).minus(percent(from)).toFixed(),
    };
  });
}

/** The places the thresholds' "from" column shows: the most any threshold has (figures.ts). */
export function thresholdPlaces(rows: readonly ThresholdRow[]): number {
  return columnPlaces(rows.map((r) => (typeof r.from === 'string' ? r.from : r.from.text)));
}

/** Where the claim's probability sits on a 0–100 scale, or null for a refusal. */
export function probabilityPercent(trace: Trace): string | null {
  return trace.result.probability === null ? null : percent(trace.result.probability);
}
