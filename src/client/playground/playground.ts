/**
 * The playground of /contribute/: a claim file written or pasted in the page is checked as you
 * type, with `ledger check`'s own code and words (src/lib/input/claimText.ts, formatProblem), and
 * scored under any released model with the engine. Bundled into `what-if/playground.js`, a classic
 * script loaded when the reader opens it. Nothing is sent anywhere.
 */
import { createScorer, type Model } from '../../engine/index.ts';
import { checkClaimText, MAX_FILE_BYTES, SLUG_PATTERN, tooLarge } from '../../lib/input/claimText.ts';
import { formatProblem, sortProblems } from '../../lib/input/problems.ts';
import type { WhatIfModels } from '../../lib/whatif/models.ts';
import { PLAYGROUND } from '../../lib/whatif/labels.ts';
import { summarySentence } from '../../lib/claim/summary.ts';
import { idWords } from '../../lib/render/words.ts';
import { el, fill, labelled, loadScript, select } from '../whatif/dom.ts';

declare global {
  interface Window {
    ledgerWhatIfModels?: WhatIfModels;
    ledgerWhatIf?: { toggle(): void };
  }
}

/** The example the playground starts from (a claim of the ledger), from the page's data block. */
function example(): { slug: string; text: string } {
  try {
    const data = JSON.parse(document.getElementById('playground-example')?.textContent ?? '') as unknown;
    const { slug, text } = data as { slug?: unknown; text?: unknown };
    if (typeof slug === 'string' && typeof text === 'string') return { slug, text };
  } catch {
    // An empty start instead.
  }
  return { slug: 'my-claim', text: '' };
}

/** A claim file's problems, as `ledger check` prints them (its path as the command line names it). */
export function problemsOf(
  slug: string,
  text: string,
  models: readonly { model: Model }[],
): { problems: string[]; claim: ReturnType<typeof checkClaimText>['claim'] } {
  const file = `content/claims/${slug}.yaml`;
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_FILE_BYTES)
    return { problems: [formatProblem({ file, line: 1, field: '(file)', message: tooLarge(bytes) })], claim: null };
  const { claim, problems } = checkClaimText(file, slug, text, models);
  return { problems: sortProblems(problems).map(formatProblem), claim };
}

/** Builds the playground in `root`. */
function start(root: HTMLElement, data: WhatIfModels): void {
  const models = data.models.map((m) => ({ id: m.id, model: m.model }));
  const first = example();
  const slug = el('input', { id: 'playground-slug', type: 'text', value: first.slug, spellcheck: 'false', size: '30' });
  const text = el('textarea', { id: 'playground-text', rows: '20', cols: '80', spellcheck: 'false' });
  text.value = first.text;
  const model = select(
    'playground-model',
    models.map((m): [string, string] => [m.id, m.id]),
    data.default,
  );
  const count = el('p', { class: 'playground-count', 'aria-live': 'polite', id: 'playground-count' });
  const problems = el('ul', { class: 'playground-problems', id: 'playground-problems' });
  const result = el('div', { class: 'playground-result', id: 'playground-result' });
  let timer = 0;
  const update = (): void => {
    const name = slug.value.trim();
    const checked = problemsOf(name, text.value, models);
    fill(problems, ...checked.problems.map((line) => el('li', {}, el('code', {}, line))));
    count.textContent =
      checked.problems.length === 0
        ? PLAYGROUND.noProblems
        : `${checked.problems.length} problem${checked.problems.length === 1 ? '' : 's'} found.`;
    if (checked.claim === null || !SLUG_PATTERN.test(name)) {
      fill(result, el('p', {}, PLAYGROUND.noScore));
      return;
    }
    const chosen = models.find((m) => m.id === model.value) ?? models[0]!;
    // The code hash of a playground score is not the build's: the claim was never published.
    const trace = createScorer(chosen.model, 'sha256:playground').score(name, checked.claim);
    const r = trace.result;
    fill(
      result,
      el('p', { class: 'what-if-headline' }, summarySentence(trace)),
      el(
        'dl',
        { class: 'what-if-figures' },
        ...[
          ['Model', trace.model],
          ['Probability', r.probability ?? 'not rated'],
          ['State', idWords(r.state)],
          ['Stability', r.stability === null ? 'none' : `${r.stability.level} (spread ${r.stability.spread})`],
          ['Review coverage', `${r.coverage.done} of ${r.coverage.declared} checks (${r.coverage.value})`],
          ['Community gradient', `${r.gradient.value}, ${idWords(r.gradient.status)}`],
        ].map(([label, value]) => el('div', {}, el('dt', {}, label), el('dd', {}, value))),
      ),
      el(
        'p',
        {},
        PLAYGROUND.reproduce,
        ' ',
        el('code', {}, `npm run -s ledger -- score content/claims/${name}.yaml --model ${chosen.id}`),
      ),
    );
  };
  const later = (): void => {
    window.clearTimeout(timer);
    timer = window.setTimeout(update, 150);
  };
  text.addEventListener('input', later);
  slug.addEventListener('input', later);
  model.addEventListener('change', update);
  fill(
    root,
    el('h3', { id: 'playground-heading', tabindex: '-1' }, PLAYGROUND.heading),
    el('p', { class: 'what-if-banner' }, PLAYGROUND.private),
    el('p', {}, labelled('playground-slug', PLAYGROUND.slug, slug)),
    el('p', { class: 'playground-editor' }, el('label', { for: 'playground-text' }, PLAYGROUND.text), el('br'), text),
    el('p', {}, labelled('playground-model', PLAYGROUND.model, model)),
    el('h4', {}, PLAYGROUND.problems),
    count,
    problems,
    el('h4', {}, PLAYGROUND.score),
    result,
  );
  update();
}

const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? document.baseURI;
const section = document.querySelector<HTMLElement>('[data-what-if]');
if (section !== null) {
  const button = section.querySelector<HTMLButtonElement>('.what-if-open')!;
  const root = section.querySelector<HTMLElement>('.what-if-panel')!;
  const status = section.querySelector<HTMLElement>('.what-if-status')!;
  const open = async (): Promise<void> => {
    if (!root.hasChildNodes()) {
      if (window.ledgerWhatIfModels === undefined) await loadScript(new URL('models.js', scriptSrc).href);
      start(root, window.ledgerWhatIfModels!);
      root.hidden = false;
    } else root.hidden = !root.hidden;
    button.setAttribute('aria-expanded', String(!root.hidden));
    if (!root.hidden) document.getElementById('playground-heading')?.focus();
  };
  window.ledgerWhatIf = {
    toggle: () => {
      open().catch(() => {
        status.textContent = PLAYGROUND.cannotLoad;
      });
    },
  };
}
