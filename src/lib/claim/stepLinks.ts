/**
 * The steps of a claim page, their titles, and where each step's links go. A step under the
 * default model is cited at `/claims/<slug>/<default model>/#<step>`, whose numbers never change
 * when the site's default does; `/claims/<slug>/` links there too, so a copied step link stays good.
 */
import { reportTemplate } from '../publish/reportUrl.ts';
import type { Model, Trace } from '../../engine/index.ts';
import { claimPath, withAnchor } from '../paths.ts';

/** Every step of a claim page in page order, with its heading (`why` only on a refusal's page). */
export const CLAIM_STEPS = [
  { id: 'why', title: 'Why there is no score' },
  { id: 'evidence', title: 'Evidence links and their weights' },
  { id: 'groups', title: 'Independence groups' },
  { id: 'prior', title: 'The prior' },
  { id: 'sum', title: 'The sum: posterior log-odds' },
  { id: 'probability', title: 'The probability' },
  { id: 'state', title: 'The state' },
  { id: 'stability', title: 'Stability' },
  { id: 'coverage', title: 'Review coverage' },
  { id: 'gradient', title: 'The community gradient' },
  { id: 'models', title: 'Under every released model' },
  { id: 'trace', title: 'The trace' },
  { id: 'cite', title: 'Cite this' },
] as const;

/** The id of a claim page's step. */
export type StepId = (typeof CLAIM_STEPS)[number]['id'];

/** The steps only a scored claim's page has: a refusal's would be empty. */
const SCORED_ONLY: ReadonlySet<StepId> = new Set(['groups', 'prior', 'sum', 'probability', 'state', 'stability']);

/** Whether a claim page has a step: a scored claim's has all but `why`, a refusal's `why` and no empty step. */
export function hasStep(id: StepId, scored: boolean): boolean {
  return id === 'why' ? !scored : scored || !SCORED_ONLY.has(id);
}

/** The steps of a claim page, in page order. */
export function pageSteps(scored: boolean): (typeof CLAIM_STEPS)[number][] {
  return CLAIM_STEPS.filter((s) => hasStep(s.id, scored));
}

/** The heading of a step. */
export function stepTitle(id: StepId): string {
  return CLAIM_STEPS.find((s) => s.id === id)!.title;
}

/** Where one page's step links go. */
export interface StepLinks {
  /** The page a step's "link to this step" points into: '' for this page (a bare `#step`). */
  readonly self: string;
  /** The page holding the same step under the default model, for a page under another model. */
  readonly also: string | undefined;
  /** Whether the claim is scored under the default model (which steps `also` has); true if unsaid. */
  readonly alsoScored?: boolean;
  /** Where a problem with this claim is reported (LEDGER_REPORT_URL), or none. */
  readonly report?: { readonly template: string; readonly claim: string; readonly model: string } | undefined;
}

/**
 * The step links of a claim page. Under the default model (on either of its two addresses) every
 * "link to this step" goes to the pinned `/claims/<slug>/<default>/#<step>`; under another model
 * it stays on the page (already pinned) and a second link goes to the step under the default.
 */
export function stepLinks(
  trace: Pick<Trace, 'claim' | 'model'>,
  defaultModel: string,
  template: string | null = reportTemplate(),
  alsoScored = true,
): StepLinks {
  const report = template === null ? undefined : { template, claim: trace.claim, model: trace.model };
  return trace.model === defaultModel
    ? { self: claimPath(trace.claim, trace.model), also: undefined, report }
    : { self: '', also: claimPath(trace.claim), alsoScored, report };
}

/** The href of a step's "link to this step". */
export function stepHref(links: StepLinks, id: string): string {
  return withAnchor(links.self, id);
}

/** A step's pinned address (under the page's own model), for citing it. */
export function pinnedStepPath(trace: Pick<Trace, 'claim' | 'model'>, id: string): string {
  return withAnchor(claimPath(trace.claim, trace.model), id);
}

/** What every step of a claim page is given: the claim's trace and where the step's links go. */
export interface StepProps {
  readonly trace: Trace;
  readonly links: StepLinks;
}

/** A step that also reads the declared numbers of the model that made the trace. */
export interface ModelStepProps extends StepProps {
  readonly model: Model;
}

/** A step that shows a formula, from the page's one `toLatex(trace)`; null where the claim never reached the step. */
export interface FormulaStepProps extends StepProps {
  readonly latex: string | null;
}
