import type { Model, Trace } from '../../../engine/index.ts';
import { claimPath, modelPath } from '../../paths.ts';
import { fieldAt, fieldOf } from '../fields.ts';
import { isScored, renderNote, type ClaimPaths } from '../page.ts';
import { gradientStatusWords, gradientVsEvidence } from '../steps/gradient.ts';
import { summarySentence } from '../summary.ts';
import { escapeAttribute, escapeHtml, fieldHtml, idFieldHtml } from '../../render/markup.ts';
import { capitalStateWithBand } from '../explainWords.ts';
import { capitalIdWords } from '../../render/words.ts';

/** What the top of a claim page is given. */
export interface ClaimHeaderProps {
  readonly trace: Trace;
  readonly model: Model;
  readonly paths: ClaimPaths;
  readonly isDefaultModel: boolean;
  readonly onDefaultRoute: boolean;
  readonly defaultModel: string;
  readonly allModels: readonly string[];
}

/**
 * The top of a claim page: the statement, who made it (when recorded) and who recorded it, which
 * model this is (with the way back to the default model), the result or the honest refusal, the
 * community gradient beside it, and the claim's note. Three siblings: the `<header>`, the result's
 * `<section>` and, when the claim has one, the note's `<div>`.
 */
export function claimHeaderHtml(props: ClaimHeaderProps, everyModel = ''): string {
  // Every model at a glance (explainHtml.ts) comes between the header and the result, within a phone's first two screens.
  // The claim's facts and which model the page shows follow the strip, so that on a phone the strip
  // (and the fold of why each model differs) ends within two screens.
  const { head, facts } = headHtml(props);
  return head + everyModel + facts + resultHtml(props.trace) + noteHtml(props.trace);
}

/** The `<header>` (the statement and the verdict in words), and the claim's facts with which model this page shows. */
function headHtml({
  trace,
  model: pageModel,
  paths,
  isDefaultModel,
  onDefaultRoute,
  defaultModel,
  allModels,
}: ClaimHeaderProps): { head: string; facts: string } {
  const f = (path: string) => fieldOf(trace, path);
  // Who made the claim and where it first appeared, when the claim file records them.
  const { claimant, appearances = [] } = trace.input;
  const first = appearances[0];
  const claimedBy =
    claimant === undefined
      ? ''
      : `<div>\n<dt>Claimed by:</dt>\n<dd>${
          claimant.url === null
            ? fieldHtml(f('input.claimant.name'))
            : `<a href="${escapeAttribute(claimant.url)}" rel="noopener noreferrer">${fieldHtml(f('input.claimant.name'))}</a>`
        }</dd>\n</div>\n`;
  const more =
    appearances.length > 1
      ? ` <span class="muted">(and ${String(appearances.length - 1)} more ${appearances.length === 2 ? 'time' : 'times'})</span>`
      : '';
  const firstMade =
    first === undefined
      ? ''
      : `<div>\n<dt>First made:</dt>\n<dd><a href="${escapeAttribute(first.url)}" rel="noopener noreferrer">${fieldHtml(f('input.appearances.0.date'), 'time')}</a>${more}</dd>\n</div>\n`;
  const defaultMark = isDefaultModel ? '<span class="muted"> (the default model)</span>' : '';
  const meta =
    '<dl class="claim-meta">' +
    `<div>\n<dt>Type:</dt>\n<dd>${idFieldHtml(f('input.type'))}</dd>\n</div>\n` +
    claimedBy +
    firstMade +
    `<div>\n<dt>Recorded by:</dt>\n<dd>${fieldHtml(f('input.author'))}</dd>\n</div>\n` +
    `<div>\n<dt>Recorded on:</dt>\n<dd>${fieldHtml(f('input.recorded'), 'time')}</dd>\n</div>\n` +
    `<div>\n<dt>Scored under:</dt>\n<dd><a href="${escapeAttribute(modelPath(trace.model))}">${fieldHtml(f('model'), 'code')}</a>${defaultMark}</dd>\n</div>\n` +
    '</dl>\n';
  const model = `<code>${escapeHtml(trace.model)}</code>`;
  let modelNote: string;
  if (isDefaultModel) {
    const here = onDefaultRoute
      ? `This is the claim under the site’s default model, ${model} (also published at <a href="${escapeAttribute(claimPath(trace.claim, trace.model))}">its own address under that model</a>).`
      : `${model} is the site’s default model; this working is also the claim’s <a href="${escapeAttribute(paths.defaultPage)}">main page</a>.`;
    const others = allModels.filter((id) => id !== trace.model);
    const elsewhere =
      others.length === 0
        ? ''
        : ` Under the other released models: ${others
            .map(
              (id, i) =>
                `${i > 0 ? ', ' : ''}<a href="${escapeAttribute(claimPath(trace.claim, id))}"><code>${escapeHtml(id)}</code></a>`,
            )
            .join('')} (<a href="#every-model">every model at a glance</a>).`;
    modelNote = `<p class="claim-model-note">${here}${elsewhere}</p>\n`;
  } else {
    modelNote =
      '<div class="claim-model-note claim-model-other">' +
      `<a class="toggle" data-default-toggle href="${escapeAttribute(paths.defaultPage)}">Show the default model instead</a>\n` +
      `<p>This page shows the claim under ${model}, which is not the site’s default (<a href="${escapeAttribute(modelPath(defaultModel))}"><code>${escapeHtml(defaultModel)}</code></a>). Every step below also links to the same step under the default model.</p>\n` +
      '</div>\n';
  }
  return {
    head:
      '<header class="claim-head">' +
      `<p class="claim-eyebrow">Claim <code>${escapeHtml(trace.claim)}</code></p>\n` +
      `<h1 class="claim-statement">${fieldHtml(f('input.statement'))}</h1>\n` +
      `<p class="claim-summary">${escapeHtml(summarySentence(trace, trace.result.probability === null ? undefined : capitalStateWithBand(pageModel, trace.result.state)))}</p>\n` +
      '</header>\n',
    facts: `<div class="claim-facts">${meta}${modelNote}</div>\n`,
  };
}

/** The result's `<section>`: the evidence score or the refusal, and the community gradient beside it. */
function resultHtml(trace: Trace): string {
  const f = (path: string) => fieldOf(trace, path);
  const scored = isScored(trace);
  const comparison = gradientVsEvidence(trace);
  const state = trace.result.state;
  const coverage = `<a href="#coverage">${fieldHtml(f('result.coverage.done'))} of ${fieldHtml(f('result.coverage.declared'))} checks</a>`;
  const figure = scored ? ` <span class="claim-figure">${fieldHtml(fieldAt(trace, 'result.probability'))}</span>` : '';
  const sub = scored
    ? // The likelihood and the confidence in it are said apart, never in one phrase.
      `<p class="claim-result-sub">probability · posterior log-odds ${fieldHtml(fieldAt(trace, 'result.posteriorLogOdds'), 'code')}</p>\n` +
      `<p class="claim-result-sub">How firm the figure is, said apart: stability <a href="#stability">${fieldHtml(fieldAt(trace, 'result.stability.level'))}</a> (spread ${fieldHtml(fieldAt(trace, 'result.stability.spread'))}); review coverage ${coverage}.</p>\n`
    : '<div class="refusal">' +
      `<p><strong>No probability is shown</strong>, because showing one would be inventing it. ${fieldHtml(fieldAt(trace, 'result.reason'))}</p>\n` +
      `<p class="claim-result-sub">Review coverage ${coverage}</p>\n` +
      '</div>\n';
  const evidence =
    '<div class="claim-result-evidence">' +
    '<p class="claim-result-label">Evidence score</p>\n' +
    '<p class="claim-result-main">' +
    `<span class="${escapeAttribute(`state state-${state} claim-state`)}" data-state="${escapeAttribute(state)}">${escapeHtml(capitalIdWords(state))}</span>` +
    // The id itself, for tools that check each figure against trace.json; readers see the words.
    ` ${fieldHtml(f('result.state'), 'code', 'visually-hidden')}${figure}</p>\n` +
    sub +
    '</div>\n';
  // A refusal's headline carries no number a reader could take for a probability; the gradient step shows it.
  const gradientFigure = scored
    ? `<span class="claim-figure claim-figure-small">${fieldHtml(f('result.gradient.value'))}</span> `
    : '';
  const community =
    '<div class="claim-result-community">' +
    '<p class="claim-result-label">Community gradient</p>\n' +
    `<p class="claim-result-main">${gradientFigure}<span class="claim-gradient-status">${escapeHtml(gradientStatusWords(trace))}</span></p>\n` +
    (scored
      ? '<p class="claim-result-sub">Shown beside the score, never mixed into it. <a href="#gradient">The gradient’s derivation</a></p>\n'
      : '<p class="claim-result-sub">With no evidence score, the community’s weighted mean is kept out of this headline so that it is not read as the claim’s probability: <a href="#gradient">the gradient, its number and its derivation</a>.</p>\n') +
    '</div>\n';
  return (
    '<section class="claim-result" aria-label="Result">' +
    evidence +
    community +
    `<p class="${escapeAttribute(`claim-comparison claim-comparison-${comparison.kind}`)}">${escapeHtml(comparison.sentence)}</p>\n` +
    '</section>\n'
  );
}

/** The claim's note, rendered from its Markdown, or nothing when it has none. */
function noteHtml(trace: Trace): string {
  if (trace.input.note === null) return '';
  return (
    '<div class="claim-note">' +
    '<p class="claim-note-label">Note recorded with the claim</p>\n' +
    `<div class="claim-note-body">${renderNote(trace.input.note)}</div>\n` +
    '</div>\n'
  );
}
