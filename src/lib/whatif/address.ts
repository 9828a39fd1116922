/**
 * A what-if in the page's address, so that a reader can share it: `?what-if=` followed by items
 * joined by `;`, each a word and its parts joined by `:`, for example
 * `?what-if=model:ledger-strict@0.1.0;off:gazette-report;set:police-table:steps:2`. The query keeps
 * a step's `#anchor` free. Parts are percent-encoded, so a voter's name may hold any character.
 *
 * An address comes from a stranger: it is read against the claim's own ids and the model's own
 * levels, and every part that does not fit is left out with a sentence saying so (shown as text).
 */
import type { Claim, Model } from '../../engine/index.ts';
import {
  LINK_LEVELS,
  levelProblem,
  voteProblem,
  type AddedLink,
  type LinkEdit,
  type LinkLevel,
  type VoteEdit,
  type WhatIf,
} from './edits.ts';

/** The query parameter that holds a what-if. */
export const PARAMETER = 'what-if';

/** The longest what-if an address may hold, in characters; a longer one is ignored whole. */
export const MAX_ADDRESS = 8000;

/** The names levels go by in an address (short, and the same words the panel uses). */
const LEVEL_NAMES: Readonly<Record<string, LinkLevel>> = {
  relevance: 'relevance',
  observation: 'observation',
  steps: 'interpretationSteps',
  authenticity: 'authenticity',
  extraction: 'extraction',
};
const NAME_OF: Readonly<Record<LinkLevel, string>> = {
  relevance: 'relevance',
  observation: 'observation',
  interpretationSteps: 'steps',
  authenticity: 'authenticity',
  extraction: 'extraction',
};

/** A part percent-encoded, keeping `@` (model ids) readable. */
const encode = (part: string): string => encodeURIComponent(part).replaceAll('%40', '@');

/** The what-if as the value of `?what-if=`, or '' when it changes nothing. */
export function writeWhatIf(whatIf: WhatIf): string {
  const items: string[][] = [];
  if (whatIf.model !== null) items.push(['model', whatIf.model]);
  for (const [id, edit] of whatIf.links) if (edit.off === true) items.push(['off', id]);
  for (const [id, edit] of whatIf.links)
    for (const level of LINK_LEVELS) {
      const value = edit.levels?.[level];
      if (value !== undefined) items.push(['set', id, NAME_OF[level], value]);
    }
  for (const [voter, edit] of whatIf.votes) {
    if (edit.drop === true) items.push(['drop', voter]);
    else if (edit.value !== undefined || edit.reputation !== undefined)
      items.push(['vote', voter, edit.value ?? '', edit.reputation ?? '']);
  }
  for (const link of whatIf.added)
    items.push(['add', link.source ?? 'new', link.direction, ...LINK_LEVELS.map((level) => link.levels[level])]);
  return items.map((parts) => parts.map(encode).join(':')).join(';');
}

/** An address's query with the what-if in place of any earlier one (other parameters kept). */
export function queryWith(search: string, whatIf: WhatIf): string {
  const others = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=')[0] !== PARAMETER);
  const written = writeWhatIf(whatIf);
  const all = written === '' ? others : [...others, `${PARAMETER}=${written}`];
  return all.length === 0 ? '' : `?${all.join('&')}`;
}

/** The raw value of `?what-if=` in a query, or null when there is none. */
export function whatIfInQuery(search: string): string | null {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if ((at < 0 ? pair : pair.slice(0, at)) === PARAMETER) return at < 0 ? '' : pair.slice(at + 1);
  }
  return null;
}

/** What an address asked for, read against the claim and the released models. */
export interface ReadWhatIf {
  readonly whatIf: WhatIf;
  /** One sentence for each part that was left out, to be shown as text. */
  readonly notes: readonly string[];
}

/** A part of an address as a note quotes it: decoded where it can be, and cut short. */
const quoted = (part: string): string => `“${part.length > 60 ? `${part.slice(0, 59)}…` : part}”`;

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Reads `?what-if=`'s value; `pageModel` is the model of the page it was opened on. */
export function readWhatIf(
  value: string,
  claim: Claim,
  models: ReadonlyMap<string, Model>,
  pageModel: string,
): ReadWhatIf {
  const notes: string[] = [];
  const empty: WhatIf = { model: null, links: new Map(), votes: new Map(), added: [] };
  if (value.length > MAX_ADDRESS)
    return {
      whatIf: empty,
      notes: [`The what-if in this address is longer than ${MAX_ADDRESS} characters and was ignored.`],
    };
  const items = value.split(';').filter((item) => item !== '');
  const parsed: string[][] = [];
  for (const item of items) {
    const parts = item.split(':').map(decode);
    if (parts.some((p) => p === null)) notes.push(`Ignored ${quoted(item)}: it is not written correctly.`);
    else parsed.push(parts as string[]);
  }
  // The model first: the levels of every other part are read against it.
  let modelId: string | null = null;
  for (const parts of parsed.filter((p) => p[0] === 'model')) {
    const id = parts[1] ?? '';
    if (parts.length === 2 && models.has(id)) modelId = id === pageModel ? null : id;
    else notes.push(`Ignored the model ${quoted(id)}: it is not a released model.`);
  }
  const model = models.get(modelId ?? pageModel)!;
  const linkIds = new Set(claim.evidence.map((l) => l.id));
  const voters = new Set(claim.votes.map((v) => v.voter));
  const sources = new Set(claim.sources.map((s) => s.id));
  const links = new Map<string, LinkEdit>();
  const votes = new Map<string, VoteEdit>();
  const added: AddedLink[] = [];
  const ignore = (parts: readonly string[], why: string): void => {
    notes.push(`Ignored ${quoted(parts.join(':'))}: ${why}.`);
  };
  for (const parts of parsed) {
    const [word = '', first = '', ...rest] = parts;
    if (word === 'model') continue;
    if (word === 'off' || word === 'set') {
      if (!linkIds.has(first)) {
        ignore(parts, `this claim has no evidence link ${quoted(first)}`);
        continue;
      }
      const edit = links.get(first) ?? {};
      if (word === 'off') {
        if (parts.length !== 2) ignore(parts, 'it should name one link');
        else links.set(first, { ...edit, off: true });
        continue;
      }
      const [name = '', level = ''] = rest;
      const field = Object.hasOwn(LEVEL_NAMES, name) ? LEVEL_NAMES[name]! : null;
      const problem =
        rest.length !== 2
          ? 'it should name a link, a level and a value'
          : field === null
            ? `there is no level ${quoted(name)}`
            : levelProblem(model, field, level);
      if (problem !== null || field === null) ignore(parts, problem ?? 'it is not a level');
      else links.set(first, { ...edit, levels: { ...edit.levels, [field]: level } });
    } else if (word === 'drop' || word === 'vote') {
      if (!voters.has(first)) {
        ignore(parts, `this claim has no vote by ${quoted(first)}`);
        continue;
      }
      if (word === 'drop') {
        if (parts.length !== 2) ignore(parts, 'it should name one voter');
        else votes.set(first, { drop: true });
        continue;
      }
      const [value = '', reputation = ''] = rest;
      const problem =
        rest.length !== 2
          ? 'it should name a voter, a value and a reputation'
          : ((value === '' ? null : voteProblem('value', value)) ??
            (reputation === '' ? null : voteProblem('reputation', reputation)));
      if (problem !== null) ignore(parts, problem);
      else
        votes.set(first, {
          ...(value === '' ? {} : { value }),
          ...(reputation === '' ? {} : { reputation }),
        });
    } else if (word === 'add') {
      const link = addedLink(parts, sources, model);
      if (typeof link === 'string') ignore(parts, link);
      else if (added.length >= 20) ignore(parts, 'a what-if adds at most 20 links');
      else added.push(link);
    } else {
      ignore(parts, 'it is not a change the what-if panel makes');
    }
  }
  return { whatIf: { model: modelId, links, votes, added }, notes };
}

/** An added link from its parts, or why it cannot be one. */
function addedLink(parts: readonly string[], sources: ReadonlySet<string>, model: Model): AddedLink | string {
  const [, source = '', direction = '', ...values] = parts;
  if (values.length !== LINK_LEVELS.length) return 'an added link names a source, a direction and five levels';
  if (source !== 'new' && !sources.has(source)) return `this claim has no source ${quoted(source)}`;
  if (direction !== 'supports' && direction !== 'opposes') return 'a link supports or opposes';
  const levels = Object.fromEntries(LINK_LEVELS.map((level, i) => [level, values[i]!])) as Record<LinkLevel, string>;
  const problem = LINK_LEVELS.map((level) => levelProblem(model, level, levels[level])).find((p) => p !== null);
  if (problem !== undefined) return problem;
  return { source: source === 'new' ? null : source, direction, levels: levels };
}
