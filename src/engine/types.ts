/**
 * The data the engine reads and writes. Every number of a model or a claim is an exact decimal
 * string: the loader keeps the digits that were written in the file, and the engine parses them
 * with decimal.js, never through a binary float.
 */

/** A decimal number written as a string, e.g. "0.35". */
export type DecimalString = string;

/** The rounding modes a model may declare. */
export type RoundingMode = 'half-even' | 'half-up';

/** The independence strategies a model may declare. */
export type IndependenceStrategy = 'strongest-per-group-and-direction' | 'count-every-link';

/** A level table such as `relevance` or `authenticity`: level name to factor. */
export type LevelTable = Readonly<Record<string, DecimalString>>;

/** A released scoring model, as validated and normalised by the loader. */
export interface Model {
  readonly name: string;
  readonly version: string;
  readonly released: string;
  readonly basedOn: string | null;
  readonly summary: string;
  readonly changes: readonly string[];
  readonly relevance: LevelTable;
  readonly observation: LevelTable;
  readonly interpretation: { readonly stepCost: DecimalString; readonly floor: DecimalString };
  readonly authenticity: LevelTable;
  readonly extraction: LevelTable;
  readonly independence: IndependenceStrategy;
  readonly priors: LevelTable;
  readonly notScored: Readonly<Record<string, string>>;
  readonly states: readonly { readonly from: DecimalString; readonly state: string }[];
  readonly rounding: {
    readonly mode: RoundingMode;
    readonly weight: DecimalString;
    readonly probability: DecimalString;
    readonly coverage: DecimalString;
  };
  readonly stability: {
    readonly scales: readonly DecimalString[];
    readonly high: DecimalString;
    readonly medium: DecimalString;
    readonly minGroupsForHigh: DecimalString;
  };
  readonly review: { readonly checks: readonly string[] };
  readonly gradient: {
    readonly floor: DecimalString;
    readonly neutral: DecimalString;
    readonly trueFrom: DecimalString;
    readonly falseTo: DecimalString;
  };
}

/** Where evidence independently came from: one entry per independence group. */
export interface Source {
  readonly id: string;
  readonly name: string;
  readonly url: string | null;
}

/** The direction in which a link bears on its claim. */
export type Direction = 'supports' | 'opposes';

/** One evidence link of a claim. */
export interface EvidenceLink {
  readonly id: string;
  readonly source: string;
  readonly direction: Direction;
  readonly passage: string;
  readonly locator: string | null;
  readonly relevance: string;
  readonly observation: string;
  readonly interpretationSteps: DecimalString;
  readonly authenticity: string;
  readonly extraction: string;
  readonly recordedBy: string | null;
}

/**
 * One review check performed on a claim, with its date under the key the file wrote: `date` (the
 * name since YAML 1.1 readers took `on` for the boolean true) or `on` in a file written before, kept
 * as written so that the claim's inputHash, and every trace made from it, stays what it was.
 */
export type Review =
  | { readonly check: string; readonly by: string; readonly date: string }
  | { readonly check: string; readonly by: string; readonly on: string };

/** A review's date, under whichever key its file wrote it. */
export const reviewDate = (review: Review): string => ('date' in review ? review.date : review.on);

/** One community vote on a claim. */
export interface Vote {
  readonly voter: string;
  readonly reputation: DecimalString;
  readonly value: DecimalString;
}

/** Who made a claim out in the world (not who recorded it in the ledger). */
export interface Claimant {
  readonly name: string;
  readonly url: string | null;
  /** Present only when the file says it, so that a claim written before keeps its inputHash. */
  readonly type?: 'person' | 'organization';
}

/** Where and when a claim was made. */
export interface Appearance {
  readonly url: string;
  readonly date: string;
}

/**
 * A claim, as validated and normalised by the loader (defaults filled in, absent values null).
 * `claimant` and `appearances` are present only when the file gives them, so that a claim written
 * before they existed keeps its inputHash; the engine never reads them.
 */
export interface Claim {
  readonly statement: string;
  readonly type: string;
  readonly author: string;
  readonly recorded: string;
  readonly claimant?: Claimant;
  readonly appearances?: readonly Appearance[];
  readonly note: string | null;
  readonly sources: readonly Source[];
  readonly evidence: readonly EvidenceLink[];
  readonly reviews: readonly Review[];
  readonly votes: readonly Vote[];
}

/** The states a result can be in besides the model's own state names. */
export const NOT_APPLICABLE = 'not-applicable';
/** No counted link bears on the claim. */
export const INSUFFICIENT_EVIDENCE = 'insufficient-evidence';

/** A link as the trace's top-level `links` array lists it. */
export interface TraceLink {
  readonly id: string;
  readonly weight: DecimalString;
  readonly kept: boolean;
  readonly keptLink: string | null;
}

/** Stability of a scored result. */
export type StabilityLevel = 'high' | 'medium' | 'low';

/** Status of the community gradient. */
export type GradientStatus = 'no-votes' | 'consensus-true' | 'consensus-false' | 'contested';

/** The result block of a trace, exactly as docs/design.md §5 fixes it. */
export interface TraceResult {
  readonly state: string;
  readonly probability: DecimalString | null;
  readonly posteriorLogOdds: DecimalString | null;
  readonly reason: string | null;
  readonly stability: { readonly spread: DecimalString; readonly level: StabilityLevel } | null;
  readonly coverage: { readonly done: number; readonly declared: number; readonly value: DecimalString };
  readonly gradient: { readonly value: DecimalString; readonly status: GradientStatus };
}
