/**
 * One claim under one model as the claim page shows it: the statement and result, then every step
 * of the working under its stable anchor, then the trace and how to cite it, as one string of HTML.
 * Both claim routes render this inside the site's frame (ClaimPage.astro); `onDefaultRoute` is true
 * for `/claims/<slug>/`, the claim under the site's default model.
 *
 * The page is written by plain functions, one per step, rather than by a component per step: Astro
 * renders components through promises and chunks, which was most of a claim page's cost in a build
 * and on a server.
 */
import type { Site } from '../../site/types.ts';
import { sharedOnce } from '../../site/sharedHtml.ts';
import { historyPath } from '../../paths.ts';
import { escapeAttribute, escapeHtml } from '../../render/markup.ts';
import { toLatex } from '../claimLatex.ts';
import { claimPaths } from '../page.ts';
import { pageSteps, stepLinks } from '../stepLinks.ts';
import { citeThisHtml } from './citeThis.ts';
import { claimHeaderHtml } from './claimHeader.ts';
import { coverageStepHtml } from './coverageStep.ts';
import { evidenceStepHtml } from './evidenceStep.ts';
import { gradientStepHtml } from './gradientStep.ts';
import { groupsStepHtml } from './groupsStep.ts';
import { modelsStepHtml } from './modelsStep.ts';
import { priorStepHtml } from './priorStep.ts';
import { probabilityStepHtml } from './probabilityStep.ts';
import { stabilityStepHtml } from './stabilityStep.ts';
import { stateStepHtml } from './stateStep.ts';
import { sumStepHtml } from './sumStep.ts';
import { traceStepHtml } from './traceStep.ts';
import { whyStepHtml } from './whyStep.ts';
import { explanationOf } from '../explanation.ts';
import {
  closeView,
  differsNotes,
  everyModelRows,
  otherThresholdNote,
  usedPaths,
  withoutViews,
} from '../steps/explainView.ts';
import { closeHtml, differsHtml, everyModelHtml } from './explainHtml.ts';
import { whatIfHtml } from '../../whatif/html.ts';

/** Which page of a claim to write. */
export interface ClaimArticleProps {
  readonly slug: string;
  readonly modelId: string;
  readonly onDefaultRoute: boolean;
  /** The site's public address (Astro's `site`), which "cite this" builds its permalinks from. */
  readonly siteUrl: string | URL;
}

/** The list of a page's steps, each a link to its anchor: a scored claim's, and a refusal's. */
const CONTENTS = new Map(
  [true, false].map((scored) => [
    scored,
    `<nav class="claim-contents" aria-label="Steps of the working">\n<p class="claim-contents-label">The working, step by step</p>\n<ol>${pageSteps(
      scored,
    )
      .map((s) => `<li><a href="#${s.id}">${escapeHtml(s.title)}</a></li>\n`)
      .join('')}</ol>\n</nav>\n`,
  ]),
);

/** The what-if panel's place (its button shows only when scripts run). */
const WHAT_IF_HTML = whatIfHtml();

/** The `<article>` of a claim page: everything between the site's header and footer. */
export function claimArticleHtml(site: Site, { slug, modelId, onDefaultRoute, siteUrl }: ClaimArticleProps): string {
  const trace = site.trace(slug, modelId);
  const { model } = site.model(modelId);
  const defaultModel = site.defaultModel.id;
  const isDefaultModel = modelId === defaultModel;
  const paths = claimPaths(trace, onDefaultRoute);
  // Under the default model every step links to its pinned address; under another model each step
  // also links to the same step under the default model.
  const scored = trace.result.probability !== null;
  const alsoScored = site.summary(slug, defaultModel).result.probability !== null;
  const links = stepLinks(trace, defaultModel, undefined, alsoScored);
  const step = { trace, links };
  const allModels = site.models.map((m) => m.id);
  // The explanation (explain.json): every model near the verdict, then what each link does and how close it is.
  const explanation = explanationOf(site, slug, modelId);
  const models = site.models.map((m) => ({ id: m.id, model: m.model }));
  const everyModel = everyModelHtml(model, everyModelRows(trace, explanation, models, defaultModel), modelId, slug);
  const header = claimHeaderHtml(
    { trace, model, paths, isDefaultModel, onDefaultRoute, defaultModel, allModels },
    everyModel,
  );
  const theDefault = isDefaultModel ? null : site.defaultModel.model;
  const used = usedPaths(trace);
  // Beside each value a step uses, the default's where it differs (none on the default's own page).
  const defaultAside = theDefault === null ? null : { id: defaultModel, model: theDefault };
  const differs = (paths: readonly string[]) => differsHtml(differsNotes(model, theDefault, paths));
  const history = `<p class="claim-history-link"><a href="${escapeAttribute(historyPath(slug))}">How this claim’s score changed over time</a>: every revision of its file, with its score then and now.</p>\n`;
  // From the evidence to the other models, the claim's two pages under the default model read the
  // same: the first of the two to be written hands its working on to the second.
  const working = (): string => {
    const latex = toLatex(trace);
    const traces = site.models.map((m) => site.summary(slug, m.id));
    // A refusal: why, the evidence as recorded, the reviews, the votes and every model; no empty step.
    if (!scored)
      return [
        whyStepHtml(step),
        evidenceStepHtml({ ...step, model, after: differs(used.evidence) }),
        coverageStepHtml(step),
        gradientStepHtml({ ...step, model, latex: latex.gradient }),
        modelsStepHtml({ ...step, traces, defaultModel }),
      ].join('');
    return [
      evidenceStepHtml({
        ...step,
        model,
        without: withoutViews(trace, explanation),
        after: differs(used.evidence),
        theDefault: defaultAside,
      }),
      groupsStepHtml(step),
      priorStepHtml({ ...step, latex: latex.prior, theDefault: defaultAside }),
      sumStepHtml({ ...step, latex }),
      probabilityStepHtml({ ...step, model, latex: latex.probability, theDefault: defaultAside }),
      closeHtml(closeView(explanation)),
      stateStepHtml({ ...step, model, theDefault: defaultAside, note: otherThresholdNote(trace, theDefault) }),
      stabilityStepHtml({ ...step, model, latex: latex.rescore }),
      coverageStepHtml(step),
      gradientStepHtml({ ...step, model, latex: latex.gradient }),
      modelsStepHtml({ ...step, traces, defaultModel }),
    ].join('');
  };
  const shared = isDefaultModel ? sharedOnce(site, slug, working) : working();
  return `<article class="claim">\n${header}${history}${WHAT_IF_HTML}${CONTENTS.get(scored)!}${shared}${traceStepHtml({ ...step, paths })}${citeThisHtml(step, siteUrl, site.buildDate)}</article>\n`;
}
