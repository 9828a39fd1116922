/** The models step: the claim under every released model. */
import type { Trace } from '../../../engine/index.ts';
import { claimPath } from '../../paths.ts';
import { columnPlaces, inColumn } from '../../render/figures.ts';

/** One row of the "under every model" table. */
export interface ModelRow {
  readonly model: string;
  readonly state: string;
  readonly probability: string | null;
  readonly stability: string | null;
  readonly coverage: string;
  readonly gradient: string;
  readonly href: string;
  readonly current: boolean;
  readonly isDefault: boolean;
}

/**
 * The claim under every released model, one row each, from those models' own traces. Models may
 * round to different places, so the probability and gradient columns are padded to one number of
 * places (figures.ts).
 */
export function modelRows(
  traces: readonly Omit<Trace, 'working'>[],
  current: string,
  defaultModel: string,
): ModelRow[] {
  const probability = columnPlaces(traces.flatMap((t) => t.result.probability ?? []));
  const gradient = columnPlaces(traces.map((t) => t.result.gradient.value));
  return traces.map((t) => ({
    model: t.model,
    state: t.result.state,
    probability: t.result.probability === null ? null : inColumn(t.result.probability, probability),
    stability: t.result.stability?.level ?? null,
    coverage: `${t.result.coverage.done} of ${t.result.coverage.declared}`,
    gradient: inColumn(t.result.gradient.value, gradient),
    href: claimPath(t.claim, t.model),
    current: t.model === current,
    isDefault: t.model === defaultModel,
  }));
}
