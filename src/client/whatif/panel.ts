/**
 * The what-if panel of a claim page, bundled with the engine into one classic script
 * (`what-if/panel.js`) that the page loads when a reader opens the panel. It reads the claim and
 * the published score from the trace the page already shows, the released models from
 * `what-if/models.js`, and re-scores the edited claim with the engine's own `createScorer` at every
 * change. The what-if lives in the address (`?what-if=`), so it can be shared.
 */
import { createScorer, type Model, type Scorer, type Trace } from '../../engine/index.ts';
import { queryWith, readWhatIf, whatIfInQuery } from '../../lib/whatif/address.ts';
import { claimFileText, traceFileText } from '../../lib/whatif/claimFile.ts';
import { applyWhatIf, editsUnder, isEmpty, NO_EDITS, type WhatIf } from '../../lib/whatif/edits.ts';
import { WHAT_IF } from '../../lib/whatif/labels.ts';
import type { WhatIfModels } from '../../lib/whatif/models.ts';
import { whatIfView } from '../../lib/whatif/view.ts';
import { addControls, linkControls, modelControl, voteControls } from './controls.ts';
import { downloadLink, el, fill, loadScript } from './dom.ts';
import { panelPictures } from './pictures.ts';

declare global {
  interface Window {
    ledgerWhatIfModels?: WhatIfModels;
    ledgerWhatIf?: { toggle(): void };
  }
}

/** The published trace the page shows (the full trace's text, which parses back to the trace). */
function publishedTrace(): Trace | null {
  const text = document.querySelector('.claim-trace pre')?.textContent;
  try {
    const trace = JSON.parse(text ?? '') as Trace;
    return typeof trace.claim === 'string' && typeof trace.input === 'object' ? trace : null;
  } catch {
    return null;
  }
}

/** Everything one open panel works with. */
interface Context {
  readonly published: Trace;
  readonly models: ReadonlyMap<string, Model>;
  readonly root: HTMLElement;
}

const scorers = new Map<string, Scorer>();
function scorerOf(context: Context, id: string): Scorer {
  let scorer = scorers.get(id);
  if (scorer === undefined) {
    // The build's code hash, from the published trace: the same engine made both.
    scorer = createScorer(context.models.get(id)!, context.published.codeHash);
    scorers.set(id, scorer);
  }
  return scorer;
}

/** Builds the panel in `root` and keeps it in step with the reader's edits. */
function start(context: Context, notes: readonly string[], initial: WhatIf): void {
  const { published, models, root } = context;
  const slug = published.claim;
  let whatIf = initial;
  let trace: Trace = published;
  const heading = el('h2', { id: 'what-if-heading', tabindex: '-1' }, WHAT_IF.heading);
  const reset = el('button', { type: 'button' }, WHAT_IF.reset);
  const headline = el('p', { class: 'what-if-headline' });
  const live = el('p', { class: 'visually-hidden', 'aria-live': 'polite', id: 'what-if-live' });
  const figures = el('dl', { class: 'what-if-figures' });
  const summary = el('p', { class: 'what-if-summary' });
  const sum = el('p', { class: 'what-if-sum' });
  const groups = el('ul', { class: 'what-if-groups' });
  const pictures = panelPictures(published, models.get(published.model)!);
  const controls = el('div', { class: 'what-if-controls' });
  const share = el('a', { href: '#', class: 'what-if-share' }, WHAT_IF.share);
  const command = el('code', {});
  const noteList = el('div', { class: 'what-if-notes', role: 'note' });
  const outputs = new Map<string, HTMLElement>();
  const voteOutputs = new Map<string, HTMLElement>();
  let addressTimer = 0;
  const modelOf = (): string => whatIf.model ?? published.model;
  const editedClaim = () => applyWhatIf(published.input, editsUnder(whatIf, models.get(modelOf())!).whatIf);

  const showNotes = (all: readonly string[]): void => {
    fill(noteList, el('p', {}, WHAT_IF.ignored), el('ul', {}, ...all.map((note) => el('li', {}, note))));
    noteList.hidden = all.length === 0;
  };

  /** Re-scores and writes every figure; the controls stay as they are. */
  const rescore = (): void => {
    const model = models.get(modelOf())!;
    const { dropped } = editsUnder(whatIf, model);
    trace = scorerOf(context, modelOf()).score(slug, editedClaim());
    const view = whatIfView(trace, published);
    headline.textContent = view.headline;
    live.textContent = view.announcement;
    fill(
      figures,
      ...view.rows.map((row) =>
        el(
          'div',
          row.changed ? { class: 'what-if-changed' } : {},
          el('dt', {}, row.label),
          el('dd', {}, row.changed ? `${row.published} → ${row.whatIf}` : `${row.whatIf} (unchanged)`),
        ),
      ),
    );
    summary.textContent = view.summary;
    sum.textContent = view.sum ?? '';
    fill(groups, ...view.groups.map((g) => el('li', {}, g)));
    pictures.update(trace, model);
    for (const [id, output] of outputs) output.textContent = view.links.get(id) ?? WHAT_IF.off;
    for (const [voter, output] of voteOutputs) output.textContent = view.votes.get(voter) ?? '';
    // The address follows a moment later, once: the figures come first.
    window.clearTimeout(addressTimer);
    addressTimer = window.setTimeout(() => {
      const address = `${window.location.pathname}${queryWith(window.location.search, whatIf)}${window.location.hash}`;
      window.history.replaceState(window.history.state, '', address);
      share.href = address;
    }, 100);
    command.textContent = `npm run -s ledger -- score ${slug}.yaml --model ${modelOf()}`;
    showNotes([...notes, ...dropped]);
    reset.disabled = isEmpty(whatIf);
  };

  const change = (next: WhatIf, rebuild = false): void => {
    whatIf = next;
    if (rebuild) build();
    rescore();
  };

  /** Builds the controls for the current model (again after a model change, a reset or an added link). */
  const build = (): void => {
    const focused = document.activeElement?.id;
    const model = models.get(modelOf())!;
    const claim = editedClaim();
    outputs.clear();
    voteOutputs.clear();
    const sourceName = (id: string): string => claim.sources.find((s) => s.id === id)?.name ?? id;
    const linkSets = published.input.evidence.map((link, i) => {
      const { element, output } = linkControls(
        i,
        link,
        sourceName(link.source),
        model,
        whatIf.links.get(link.id),
        (edit) => change({ ...whatIf, links: new Map(whatIf.links).set(link.id, edit) }),
      );
      outputs.set(link.id, output);
      return element;
    });
    const addedSets = claim.evidence.slice(claim.evidence.length - whatIf.added.length).map((link, i) => {
      const output = el('p', { class: 'what-if-link-figures' });
      outputs.set(link.id, output);
      const remove = el('button', { type: 'button', id: `what-if-remove-${i}` }, WHAT_IF.remove);
      remove.addEventListener('click', () =>
        change({ ...whatIf, added: whatIf.added.filter((_, j) => j !== i) }, true),
      );
      return el(
        'fieldset',
        { class: 'what-if-link' },
        el('legend', {}, `${link.id}: ${sourceName(link.source)}, ${link.direction}`),
        output,
        remove,
      );
    });
    const voteSets = published.input.votes.map((vote, i) => {
      const { element, output } = voteControls(i, vote, whatIf.votes.get(vote.voter), (edit) =>
        change({ ...whatIf, votes: new Map(whatIf.votes).set(vote.voter, edit) }),
      );
      voteOutputs.set(vote.voter, output);
      return element;
    });
    fill(
      controls,
      modelControl([...models.keys()], modelOf(), published.model, (id) =>
        change({ ...whatIf, model: id === published.model ? null : id }, true),
      ),
      el('h3', {}, WHAT_IF.links),
      ...linkSets,
      ...addedSets,
      addControls(published.input, model, (link) => change({ ...whatIf, added: [...whatIf.added, link] }, true)),
      el('h3', {}, WHAT_IF.votes),
      ...(voteSets.length > 0 ? voteSets : [el('p', {}, WHAT_IF.noVotes)]),
    );
    if (focused) document.getElementById(focused)?.focus();
  };

  reset.addEventListener('click', () => {
    change(NO_EDITS, true);
    heading.focus();
  });
  const traceLink = downloadLink(
    WHAT_IF.downloadTrace,
    () => `${slug}--${modelOf()}.what-if.trace.json`,
    () => traceFileText(trace),
  );
  const claimLink = downloadLink(
    WHAT_IF.downloadClaim,
    () => `${slug}.yaml`,
    () => claimFileText(editedClaim()),
  );
  fill(
    root,
    heading,
    el('p', { class: 'what-if-banner' }, el('strong', {}, WHAT_IF.banner), ' ', WHAT_IF.how, ' ', reset),
    noteList,
    headline,
    live,
    figures,
    summary,
    sum,
    groups,
    controls,
    pictures.element,
    el('h3', {}, WHAT_IF.downloads),
    el('p', {}, traceLink, ' · ', claimLink, ' · ', share),
    el('p', {}, WHAT_IF.reproduce, ' ', command),
  );
  build();
  rescore();
}

/** Opens the panel the first time (loading the models), then shows or hides it. */
async function open(section: HTMLElement): Promise<void> {
  const button = section.querySelector<HTMLButtonElement>('.what-if-open')!;
  const root = section.querySelector<HTMLElement>('.what-if-panel')!;
  const status = section.querySelector<HTMLElement>('.what-if-status')!;
  if (root.hasChildNodes()) {
    root.hidden = !root.hidden;
    button.setAttribute('aria-expanded', String(!root.hidden));
    if (!root.hidden) document.getElementById('what-if-heading')?.focus();
    return;
  }
  const published = publishedTrace();
  if (window.ledgerWhatIfModels === undefined) await loadScript(new URL('models.js', panelSrc).href);
  const data = window.ledgerWhatIfModels;
  if (published === null || data === undefined) {
    status.textContent = published === null ? WHAT_IF.cannotRead : WHAT_IF.cannotLoad;
    return;
  }
  const models = new Map(data.models.map((m) => [m.id, m.model]));
  if (!models.has(published.model)) {
    status.textContent = WHAT_IF.cannotRead;
    return;
  }
  const asked = whatIfInQuery(window.location.search);
  const { whatIf, notes } =
    asked === null ? { whatIf: NO_EDITS, notes: [] } : readWhatIf(asked, published.input, models, published.model);
  start({ published, models, root }, notes, whatIf);
  root.hidden = false;
  button.setAttribute('aria-expanded', 'true');
  if (asked === null) document.getElementById('what-if-heading')?.focus();
}

// The script's own address, read while it runs (document.currentScript is null afterwards).
const panelSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? document.baseURI;
const section = document.querySelector<HTMLElement>('[data-what-if]');
if (section !== null) {
  const status = section.querySelector<HTMLElement>('.what-if-status');
  window.ledgerWhatIf = {
    toggle: () => {
      open(section).catch(() => {
        if (status) status.textContent = WHAT_IF.cannotLoad;
      });
    },
  };
}
