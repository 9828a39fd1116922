/**
 * The panel's controls, each labelled in words: a model, every evidence link (counted or not, its
 * five levels), every vote (counted or not, its value and reputation), and a form that adds a
 * hypothetical link. They report changes through callbacks; the panel re-scores.
 */
import type { Claim, EvidenceLink, Model } from '../../engine/index.ts';
import {
  LINK_LEVELS,
  MAX_STEPS,
  voteProblem,
  type AddedLink,
  type LinkEdit,
  type LinkLevel,
  type Levels,
  type VoteEdit,
} from '../../lib/whatif/edits.ts';
import { DIRECTION_WORDS, LEVEL_LABELS, WHAT_IF } from '../../lib/whatif/labels.ts';
import { idWords } from '../../lib/render/words.ts';
import { el, labelled, select } from './dom.ts';

/** The option lists of a level under a model (interpretation steps are a number field instead). */
function levelOptions(model: Model, level: Exclude<LinkLevel, 'interpretationSteps'>): [string, string][] {
  return Object.keys(model[level]).map((id) => [id, idWords(id)]);
}

/** The five level controls of a link (`prefix` keeps ids unique), calling `changed` with a level's new value. */
function levelControls(
  prefix: string,
  model: Model,
  levels: Levels,
  changed: (level: LinkLevel, value: string) => void,
): HTMLElement[] {
  return LINK_LEVELS.map((level) => {
    const id = `${prefix}-${level}`;
    if (level === 'interpretationSteps') {
      const input = el('input', {
        id,
        type: 'number',
        min: '0',
        max: String(MAX_STEPS),
        step: '1',
        inputmode: 'numeric',
        value: levels.interpretationSteps,
      });
      let last = levels.interpretationSteps;
      input.addEventListener('change', () => {
        if (/^\d{1,4}$/.test(input.value) && Number(input.value) <= MAX_STEPS) {
          last = String(Number(input.value));
          changed(level, last);
        } else input.value = last;
      });
      return labelled(id, LEVEL_LABELS[level], input);
    }
    const options = levelOptions(model, level);
    // A level this model does not declare (kept from the claim file) stays shown as it is.
    if (!options.some(([value]) => value === levels[level])) options.unshift([levels[level], idWords(levels[level])]);
    const control = select(id, options, levels[level]);
    control.addEventListener('change', () => changed(level, control.value));
    return labelled(id, LEVEL_LABELS[level], control);
  });
}

/** A link's levels with an edit's applied. */
function levelsOf(link: EvidenceLink, edit: LinkEdit | undefined): Levels {
  const base: Levels = {
    relevance: link.relevance,
    observation: link.observation,
    interpretationSteps: link.interpretationSteps,
    authenticity: link.authenticity,
    extraction: link.extraction,
  };
  return { ...base, ...edit?.levels };
}

/** One evidence link's fieldset and the element its figures are written into. */
export function linkControls(
  index: number,
  link: EvidenceLink,
  sourceName: string,
  model: Model,
  edit: LinkEdit | undefined,
  changed: (edit: LinkEdit) => void,
): { element: HTMLElement; output: HTMLElement } {
  const prefix = `what-if-link-${index}`;
  let current: LinkEdit = edit ?? {};
  const counted = el('input', { id: `${prefix}-on`, type: 'checkbox' });
  counted.checked = current.off !== true;
  counted.addEventListener('change', () => {
    current = { ...current, off: !counted.checked };
    changed(current);
  });
  const output = el('p', { class: 'what-if-link-figures', id: `${prefix}-figures` });
  const element = el(
    'fieldset',
    { class: 'what-if-link' },
    el('legend', {}, `${link.id}: ${sourceName}, ${DIRECTION_WORDS[link.direction]}`),
    el('span', { class: 'what-if-control' }, counted, ' ', el('label', { for: `${prefix}-on` }, WHAT_IF.count)),
    ...levelControls(prefix, model, levelsOf(link, current), (level, value) => {
      current = { ...current, levels: { ...current.levels, [level]: value } };
      changed(current);
    }),
    output,
  );
  return { element, output };
}

/** One vote's fieldset (its problems shown beside it) and the element its weight is written into. */
export function voteControls(
  index: number,
  vote: { voter: string; value: string; reputation: string },
  edit: VoteEdit | undefined,
  changed: (edit: VoteEdit) => void,
): { element: HTMLElement; output: HTMLElement } {
  const prefix = `what-if-vote-${index}`;
  let current: VoteEdit = edit ?? {};
  const kept = el('input', { id: `${prefix}-on`, type: 'checkbox' });
  kept.checked = current.drop !== true;
  const problem = el('span', { class: 'what-if-problem', id: `${prefix}-problem` });
  const field = (name: 'value' | 'reputation', words: string): HTMLElement => {
    const id = `${prefix}-${name}`;
    const input = el('input', {
      id,
      type: 'text',
      inputmode: 'decimal',
      size: '8',
      value: current[name] ?? vote[name],
      'aria-describedby': `${prefix}-problem`,
    });
    input.addEventListener('change', () => {
      const why = voteProblem(name, input.value.trim());
      problem.textContent = why === null ? '' : `${why}; the vote keeps ${current[name] ?? vote[name]}.`;
      if (why !== null) return;
      current = { ...current, [name]: input.value.trim() };
      changed(current);
    });
    return labelled(id, words, input);
  };
  kept.addEventListener('change', () => {
    current = { ...current, drop: !kept.checked };
    changed(current);
  });
  const output = el('span', { class: 'what-if-vote-figures' });
  const element = el(
    'fieldset',
    { class: 'what-if-vote' },
    el('legend', {}, `Vote by ${vote.voter}`),
    el('span', { class: 'what-if-control' }, kept, ' ', el('label', { for: `${prefix}-on` }, WHAT_IF.keepVote)),
    field('value', WHAT_IF.voteValue),
    field('reputation', WHAT_IF.reputation),
    output,
    problem,
  );
  return { element, output };
}

/** The model control: every released model, the page's own marked. */
export function modelControl(
  ids: readonly string[],
  current: string,
  pageModel: string,
  changed: (id: string) => void,
): HTMLElement {
  const control = select(
    'what-if-model',
    ids.map((id) => [id, id === pageModel ? `${id} ${WHAT_IF.thisPage}` : id]),
    current,
  );
  control.addEventListener('change', () => changed(control.value));
  return el('p', {}, labelled('what-if-model', WHAT_IF.model, control));
}

/** The form that adds a hypothetical link, starting from the claim's first link's levels. */
export function addControls(claim: Claim, model: Model, added: (link: AddedLink) => void): HTMLElement {
  const first = claim.evidence[0];
  const firstLevel = (level: 'relevance' | 'observation' | 'authenticity' | 'extraction'): string =>
    first !== undefined && Object.hasOwn(model[level], first[level]) ? first[level] : Object.keys(model[level])[0]!;
  let levels: Levels = {
    relevance: firstLevel('relevance'),
    observation: firstLevel('observation'),
    interpretationSteps: '0',
    authenticity: firstLevel('authenticity'),
    extraction: firstLevel('extraction'),
  };
  const source = select(
    'what-if-add-source',
    [...claim.sources.map((s): [string, string] => [s.id, s.name]), ['new', WHAT_IF.newSource]],
    'new',
  );
  const direction = select(
    'what-if-add-direction',
    [
      ['supports', DIRECTION_WORDS.supports],
      ['opposes', DIRECTION_WORDS.opposes],
    ],
    'supports',
  );
  const button = el('button', { type: 'button' }, WHAT_IF.addButton);
  button.addEventListener('click', () =>
    added({
      source: source.value === 'new' ? null : source.value,
      direction: direction.value === 'opposes' ? 'opposes' : 'supports',
      levels,
    }),
  );
  return el(
    'fieldset',
    { class: 'what-if-add' },
    el('legend', {}, WHAT_IF.add),
    labelled('what-if-add-source', WHAT_IF.source, source),
    labelled('what-if-add-direction', WHAT_IF.direction, direction),
    ...levelControls('what-if-add', model, levels, (level, value) => {
      levels = { ...levels, [level]: value };
    }),
    el('p', {}, button),
  );
}
