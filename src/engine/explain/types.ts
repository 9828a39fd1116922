/** The shape of a published explanation (`explain.json`), docs/design.md §6a. Decimals are strings. */

/** The version of the explanation's layout. */
export const EXPLAIN_FORMAT = 1;

/** A result in brief: the state and, when scored, the rounded probability and the posterior log-odds. */
export interface Brief {
  readonly state: string;
  readonly probability: string | null;
  readonly posteriorLogOdds: string | null;
}

/** The claim with one link removed, the others unchanged and the groups formed again. */
export interface WithoutLink extends Brief {
  readonly link: string;
  /** Posterior log-odds without the link less with it; null when either is a refusal. */
  readonly change: string | null;
}

/** The smallest extra weight that moves the rounded probability into another state. */
export interface DistanceStep {
  /** The weight, at the model's weight places, added (up) or taken away (down). */
  readonly weight: string;
  /** The state and rounded probability it reaches. */
  readonly state: string;
  readonly probability: string;
}

/** What a single edit of the evidence as recorded changes. */
export type EditKind = 'remove' | 'relevance' | 'observation' | 'interpretationSteps' | 'authenticity' | 'extraction';

/** One single edit that changes the state. */
export interface Edit extends Brief {
  readonly link: string;
  readonly edit: EditKind;
  /** The level or count before and after (null for a removal). */
  readonly from: string | null;
  readonly to: string | null;
  readonly change: string | null;
}

/** One declared setting of another model that, put alone into the page's model, changes its result. */
export interface SettingMove {
  /** The setting's path: `observation.second-hand-report`, `interpretation.floor`, `states`, … */
  readonly setting: string;
  /** The page's model's state and posterior log-odds with that one setting (null for a refusal). */
  readonly state: string;
  readonly posteriorLogOdds: string | null;
  /** The page's model's posterior log-odds moved by it; null when either result is a refusal. */
  readonly change: string | null;
}

/** The claim under one released model. */
export interface ModelResult extends Brief {
  readonly model: string;
  /** For a model whose state or probability differs from the page's model: the settings that moved it. */
  readonly settings: readonly SettingMove[] | null;
}

/** A claim's explanation under one model. */
export interface Explanation {
  readonly explainFormat: typeof EXPLAIN_FORMAT;
  readonly claim: string;
  readonly model: string;
  readonly configHash: string;
  readonly inputHash: string;
  /** The order in which the model declares its relevance and observation levels (the edits step along it). */
  readonly levels: { readonly relevance: readonly string[]; readonly observation: readonly string[] };
  readonly result: Brief;
  /** In file order; null when the claim is not scored under the model. */
  readonly withoutLink: readonly WithoutLink[] | null;
  readonly distance: { readonly up: DistanceStep | null; readonly down: DistanceStep | null } | null;
  /** At most five, smallest change in log-odds first (refusals last), ties in file order. */
  readonly edits: readonly Edit[] | null;
  /** Every released model, in the site's order. */
  readonly models: readonly ModelResult[];
}
