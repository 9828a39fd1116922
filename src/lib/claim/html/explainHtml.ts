/** The explanations on a claim page (docs/design.md §6a), written from the views of steps/explainView.ts. */
import type { Model } from '../../../engine/index.ts';
import { escapeAttribute, escapeHtml, stateBadgeHtml } from '../../render/markup.ts';
import { closeWords, everyModelWords, FACTOR_DIFFERS_TAG, moveSentenceParts, withoutWords } from '../explainWords.ts';
import type { CloseView, DiffersNote, EveryModelRow, WithoutView } from '../steps/explainView.ts';
import { tableWrapHtml } from './frame.ts';
import { modelStripSvg } from './modelStripSvg.ts';
import { everyModelCsv } from '../../render/pictures/claimPictures.ts';
import { claimPictureLinksHtml } from '../../render/pictures/download.ts';

/** Near the verdict: the claim under every released model, one picture and its table, and why each differs. */
export function everyModelHtml(model: Model, rows: readonly EveryModelRow[], pageModel: string, claim: string): string {
  const row = (r: EveryModelRow): string => {
    const why =
      r.reasons === null
        ? r.current
          ? ''
          : escapeHtml(everyModelWords.same)
        : `<a href="#why-${escapeAttribute(r.model)}">${escapeHtml(everyModelWords.why)}</a>`;
    return (
      (r.current ? '<tr class="is-current" aria-current="page">' : '<tr>') +
      `<th scope="row"><a href="${escapeAttribute(r.href)}"><code>${escapeHtml(r.model)}</code></a>` +
      (r.isDefault ? ' <span class="claim-tag">default</span>' : '') +
      (r.current ? ` <span class="claim-tag claim-tag-current">${everyModelWords.thisPage}</span>` : '') +
      '</th>\n' +
      `<td data-label="Result">${stateBadgeHtml(r.state)} ${r.probability === null ? `<span class="muted">${everyModelWords.noNumber}</span>` : `<span class="num">${escapeHtml(r.probability)}</span>`}<br><span class="muted">${escapeHtml(r.stateWords)}</span></td>\n` +
      `<td data-label="Differs">${why}</td>\n</tr>\n`
    );
  };
  const table =
    '<table class="claim-every-model">' +
    `<caption>${escapeHtml(everyModelWords.title)}: the default first; this page’s model is marked</caption>\n` +
    '<thead>\n<tr><th scope="col">Model</th>\n<th scope="col">Result</th>\n<th scope="col">Differs</th>\n</tr>\n</thead>\n' +
    `<tbody>${rows.map(row).join('')}</tbody>\n</table>\n`;
  return (
    '<section id="every-model" class="claim-every" aria-labelledby="every-model-title">' +
    `<h2 id="every-model-title">${escapeHtml(everyModelWords.title)}</h2>\n` +
    modelStripSvg(model, rows) +
    claimPictureLinksHtml({ claim, model: pageModel }, 'every-model', everyModelCsv(rows)) +
    `<details class="claim-every-more"><summary>${escapeHtml(everyModelWords.more)}</summary>\n` +
    tableWrapHtml(everyModelWords.title, table) +
    reasonsHtml(rows, pageModel) +
    '</details>\n</section>\n'
  );
}

/**
 * What follows the setting that moved the log-odds most, folded: what the claim's evidence does with
 * it and the other settings, so that on a phone each model's line stays a few lines.
 */
function restHtml(detail: string, rest: readonly string[]): string {
  const folded = [detail, ...rest].filter((t) => t !== '');
  if (folded.length === 0) return '';
  return ` <details class="claim-every-rest"><summary>${escapeHtml(everyModelWords.rest(rest.length))}</summary>\n${escapeHtml(folded.join(' '))}</details>\n`;
}

/**
 * One line per model that differs from this page's: the setting that moved it most, by how much,
 * and the others folded.
 */
function reasonsHtml(rows: readonly EveryModelRow[], pageModel: string): string {
  const differing = rows.filter((r) => r.reasons !== null);
  if (differing.length === 0) return '';
  return `<ul class="claim-every-why">${differing
    .map(
      (r) =>
        `<li id="why-${escapeAttribute(r.model)}"><code>${escapeHtml(r.model)}</code> ${escapeHtml(everyModelWords.differs(pageModel))} ${escapeHtml(moveSentenceParts(r.reasons![0] ?? '').head)}` +
        restHtml(moveSentenceParts(r.reasons![0] ?? '').detail, r.reasons!.slice(1)) +
        '</li>\n',
    )
    .join('')}</ul>\n`;
}

/** What removing one link does, under its weight; the flag when the verdict hangs on it. */
export function withoutHtml(view: WithoutView | undefined): string {
  if (view === undefined) return '';
  return (
    `<p class="claim-without">${escapeHtml(view.sentence)}</p>\n` +
    (view.hangs ? `<p class="claim-hangs"><strong>${escapeHtml(withoutWords.hangs)}</strong></p>\n` : '')
  );
}

/** Under the probability: the distance to the next states both ways, and the edits that change the state. */
export function closeHtml(view: CloseView | null): string {
  if (view === null) return '';
  const edits =
    view.edits.length === 0
      ? `<p>${escapeHtml(closeWords.noEdits)}</p>\n`
      : `<p>${escapeHtml(closeWords.editsIntro)}</p>\n<ol>${view.edits
          .map((e) => `<li>${escapeHtml(e.what)}: ${escapeHtml(e.result)}</li>\n`)
          .join('')}</ol>\n`;
  return (
    '<div id="how-close" class="claim-close">' +
    `<h3>${escapeHtml(closeWords.title)}</h3>\n` +
    `<p>${escapeHtml(view.up)}</p>\n<p>${escapeHtml(view.down)}</p>\n` +
    edits +
    '</div>\n'
  );
}

/** Where this page's model sets a setting used in a step otherwise than the default. */
export function differsHtml(notes: readonly DiffersNote[]): string {
  if (notes.length === 0) return '';
  return `<ul class="claim-differs">${notes
    .map((n) => `<li><span class="claim-tag">differs</span> ${escapeHtml(n.label)}: ${escapeHtml(n.text)}</li>\n`)
    .join('')}</ul>\n`;
}

/**
 * Beside a value a step uses, on a page under another model than the default: the default's value
 * when it differs ("differs 0.5 under ledger@1.1.0"), in words (never colour alone); else nothing.
 */
export function differsMarkHtml(words: string | null): string {
  return words === null
    ? ''
    : ` <span class="claim-differs-mark"><span class="claim-tag">${escapeHtml(FACTOR_DIFFERS_TAG)}</span> ${escapeHtml(words)}</span>`;
}

/** A sentence under a step, when there is one. */
export function noteHtml(sentence: string | null): string {
  return sentence === null ? '' : `<p class="claim-differs-note">${escapeHtml(sentence)}</p>\n`;
}
