/** The trace: one JSON document holding a score's inputs, every intermediate value and the result. */
import type { CoverageWorking } from './coverage.ts';
import type { GradientWorking } from './gradient.ts';
import type { Group } from './independence.ts';
import type { LinkWeightWorking } from './linkWeight.ts';
import type { StabilityWorking } from './stability.ts';
import type { Claim, Direction, TraceLink, TraceResult } from './types.ts';

/** The version of the trace's layout; bumped when a published field changes shape. */
export const TRACE_FORMAT = 1;

/** One link in the working: its factors, its weight with the direction's sign, and whether it counts. */
export interface LinkWorking extends LinkWeightWorking {
  readonly id: string;
  readonly source: string;
  readonly direction: Direction;
  readonly signedWeight: string;
  readonly kept: boolean;
  readonly keptLink: string | null;
}

/** Every intermediate value of steps 1 to 10, as decimal strings. */
export interface Working {
  readonly type: string;
  readonly applicable: boolean;
  readonly notScoredReason: string | null;
  readonly links: readonly LinkWorking[];
  readonly independence: string;
  readonly groups: readonly Group[];
  readonly prior: { readonly probability: string; readonly logOdds: string } | null;
  readonly sum: {
    readonly supporting: string;
    readonly opposing: string;
    readonly kept: string;
    readonly posteriorLogOdds: string;
  } | null;
  readonly probability: { readonly logistic: string; readonly rounded: string } | null;
  readonly state: {
    readonly index: number;
    readonly thresholds: readonly { readonly from: string; readonly state: string }[];
  } | null;
  readonly stability: StabilityWorking | null;
  readonly coverage: CoverageWorking;
  readonly gradient: GradientWorking;
  readonly rounding: {
    readonly mode: string;
    readonly weight: number;
    readonly probability: number;
    readonly coverage: number;
  };
}

/** A complete trace. The fields before `input` have exactly the shape docs/design.md §5 fixes. */
export interface Trace {
  readonly traceFormat: typeof TRACE_FORMAT;
  readonly claim: string;
  readonly model: string;
  readonly configHash: string;
  readonly inputHash: string;
  readonly codeHash: string;
  readonly links: readonly TraceLink[];
  readonly result: TraceResult;
  readonly input: Claim;
  readonly working: Working;
}
