/**
 * The panel's pictures: the log-odds walk and the logistic curve, published and what-if side by
 * side, drawn by the very functions the build draws the page's pictures with
 * (src/lib/render/pictures/). Those functions write markup in which every text is escaped, so the
 * markup is parsed into elements here (DOMParser, whose documents run nothing) and never built from
 * a reader's or a claim's text directly; then each figure is marked in words as published or
 * what-if, above the picture and in the name a screen reader reads (the picture's <title>).
 */
import type { Model, Trace } from '../../engine/index.ts';
import { logOddsWalkSvg } from '../../lib/render/pictures/logOddsWalkSvg.ts';
import { logisticCurveSvg } from '../../lib/render/pictures/logisticCurveSvg.ts';
import { WHAT_IF } from '../../lib/whatif/labels.ts';
import { el, fill } from './dom.ts';

/** A picture's figure element from the markup a drawing function wrote, marked with `mark`. */
function figureOf(markup: string, mark: string, className: string): HTMLElement {
  const parsed = new DOMParser().parseFromString(markup, 'text/html').body.firstElementChild;
  const figure = parsed === null ? el('figure', {}) : (document.importNode(parsed, true) as HTMLElement);
  // Links beside a published picture (its files) would lead away from the what-if: left out.
  for (const link of figure.querySelectorAll('a')) link.remove();
  figure.classList.add(className);
  const title = figure.querySelector('svg > title');
  if (title !== null) title.textContent = `${mark}: ${title.textContent ?? ''}`;
  figure.prepend(el('p', { class: 'what-if-mark' }, mark));
  return figure;
}

/** The two pictures' markup for one trace. */
const markupOf = (trace: Trace, model: Model): [string, string] => [
  logOddsWalkSvg({ trace }),
  logisticCurveSvg({ trace, model }),
];

/** The panel's pictures: a section whose what-if half `update` redraws after every re-score. */
export interface PanelPictures {
  readonly element: HTMLElement;
  update(trace: Trace, model: Model): void;
}

/** The pictures' section, its published half drawn once from the published trace under its model. */
export function panelPictures(published: Trace, publishedModel: Model): PanelPictures {
  const [walk, curve] = markupOf(published, publishedModel).map((markup) =>
    figureOf(markup, WHAT_IF.publishedPicture, 'what-if-published'),
  );
  const walkWhatIf = el('div', { class: 'what-if-picture' });
  const curveWhatIf = el('div', { class: 'what-if-picture' });
  const element = el(
    'div',
    { class: 'what-if-pictures' },
    el('h3', {}, WHAT_IF.pictures),
    el('p', {}, WHAT_IF.picturesHow),
    el('h4', {}, WHAT_IF.walk),
    el('div', { class: 'what-if-pair' }, walk, walkWhatIf),
    el('h4', {}, WHAT_IF.curve),
    el('div', { class: 'what-if-pair' }, curve, curveWhatIf),
  );
  // A picture is parsed again only when its markup changed (a vote's change moves neither).
  const drawn = ['', ''];
  return {
    element,
    update(trace, model) {
      markupOf(trace, model).forEach((markup, i) => {
        if (markup === drawn[i]) return;
        drawn[i] = markup;
        fill([walkWhatIf, curveWhatIf][i]!, figureOf(markup, WHAT_IF.whatIfPicture, 'what-if-drawn'));
      });
    },
  };
}
