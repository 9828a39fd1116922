/**
 * A model's declared settings and values in words for readers: `observation.second-hand-report`
 * → "weight for a second-hand report", `half-even` → "half even". One home for the words every
 * table that sets two models side by side uses (the compare pages, the model page's "where it
 * differs", the reasons a claim moved).
 */
import type { Model } from '../../engine/index.ts';
import { capitalIdWords, idWords } from '../render/words.ts';
import type { SideBySideRow } from './sideBySide.ts';
/** How each observation level reads after "weight for". */
const OBSERVATION_WORDS: Readonly<Record<string, string>> = {
  measurement: 'a measurement',
  'official-record': 'an official record',
  document: 'a document',
  'first-hand-account': 'a first-hand account',
  'second-hand-report': 'a second-hand report',
  rumour: 'a rumour',
  'model-output': 'the output of a model',
};

/** How each relevance level reads after "weight for evidence that". */
const RELEVANCE_WORDS: Readonly<Record<string, string>> = {
  'states-outright': 'states the claim outright',
  'bears-directly': 'bears directly on the claim',
  'touches-subject': 'only touches the subject',
  'context-only': 'is context only',
};

/** Settings that are one fixed field of every model, in words. */
const FIXED_WORDS: Readonly<Record<string, string>> = {
  'interpretation.stepCost': 'cost of each interpretation step',
  'interpretation.floor': 'lowest factor interpretation steps can reach',
  independence: 'which evidence counts when sources are not independent',
  'rounding.mode': 'rounding rule',
  'rounding.weight': 'decimal places of a weight',
  'rounding.probability': 'decimal places of a probability',
  'rounding.coverage': 'decimal places of review coverage',
  'stability.scales': 'scales the stability test tries',
  'stability.high': 'widest spread that is still high stability',
  'stability.medium': 'widest spread that is still medium stability',
  'stability.minGroupsForHigh': 'independent groups needed for high stability',
  'review.checks': 'review checks',
  'gradient.floor': 'smallest weight of a vote',
  'gradient.neutral': 'gradient with no votes',
  'gradient.trueFrom': 'gradient from which the community calls it true',
  'gradient.falseTo': 'gradient up to which the community calls it false',
};

/** "a" or "an" before words. */
const withArticle = (words: string): string => `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;

/** camelCase and ids as words: `minGroupsForHigh` → "min groups for high". */
const keyWords = (key: string): string => idWords(key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

/**
 * A declared setting's path in words for readers: `observation.second-hand-report` → "weight for a
 * second-hand report", `states[1].from` → "where “unlikely” starts" (the state named by `model`).
 * Paths no rule knows are read key by key, so a new field still reads as words.
 */
export function settingWords(path: string, model?: Pick<Model, 'states'>): string {
  const fixed = FIXED_WORDS[path];
  if (fixed !== undefined) return fixed;
  const state = /^states\[(\d+)\]\.(from|state)$/.exec(path);
  if (state) {
    const index = Number(state[1]);
    const name = model?.states[index]?.state;
    if (state[2] === 'state') return `name of state ${index + 1}`;
    return name === undefined ? `where state ${index + 1} starts` : `where “${idWords(name)}” starts`;
  }
  const dot = path.indexOf('.');
  const section = dot < 0 ? path : path.slice(0, dot);
  const key = dot < 0 ? '' : path.slice(dot + 1);
  switch (section) {
    case 'observation':
      return `weight for ${OBSERVATION_WORDS[key] ?? withArticle(idWords(key))}`;
    case 'relevance':
      return `weight for evidence that ${RELEVANCE_WORDS[key] ?? `is “${idWords(key)}”`}`;
    case 'authenticity':
    case 'extraction':
      return `weight for ${idWords(key)} ${section}`;
    case 'priors':
      return `starting probability of ${withArticle(idWords(key))} claim`;
    case 'notScored':
      return `why ${withArticle(idWords(key))} is not scored`;
    default:
      return path
        .split(/[.[\]]+/)
        .filter(Boolean)
        .map(keyWords)
        .join(': ');
  }
}

/**
 * A declared value as a reader reads it: an id (`half-even`, `very-likely`, a list of check ids)
 * in words; numbers and sentences as written; `undefined` (not declared) and `null` kept.
 */
export function valueWords(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value;
  return value
    .split(', ')
    .map((item) => (/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(item) ? idWords(item) : item))
    .join(', ');
}

/** One value in a table of settings: in words, or "not declared" (absent) or "none" (null). */
export interface SettingCell {
  readonly text: string;
  /** True when the model does not declare the setting. */
  readonly absent: boolean;
}

/** One row of a table of settings side by side. */
export interface SettingRow {
  readonly path: string;
  /** The setting in words, capitalised (see `settingWords`). */
  readonly label: string;
  readonly a: SettingCell;
  readonly b: SettingCell;
  readonly differs: boolean;
}

/** Rows under one heading (the top-level field in words), or under none when the table is not grouped. */
export interface SettingGroup {
  readonly heading: string | null;
  readonly rows: readonly SettingRow[];
}

const cell = (value: string | null | undefined): SettingCell => ({
  text: value === undefined ? 'not declared' : value === null ? 'none' : valueWords(value)!,
  absent: value === undefined,
});

/** A top-level field in words: `notScored` → "Not scored". */
const sectionWords = (section: string): string => capitalIdWords(section.replace(/([A-Z])/g, ' $1').toLowerCase());

/**
 * What a table of two models' settings shows (the compare pages, the model page's "where it
 * differs"): each setting and value in words, grouped by top-level field in the rows' order when
 * asked. State names in the threshold rows come from `model`.
 */
export function settingsTable(
  rows: readonly SideBySideRow[],
  model: Pick<Model, 'states'>,
  grouped: boolean,
): SettingGroup[] {
  const shown = (row: SideBySideRow): SettingRow => ({
    path: row.path,
    label: capitalIdWords(settingWords(row.path, model)),
    a: cell(row.a),
    b: cell(row.b),
    differs: row.differs,
  });
  if (!grouped) return [{ heading: null, rows: rows.map(shown) }];
  const bySection = new Map<string, SettingRow[]>();
  for (const row of rows) bySection.set(row.section, [...(bySection.get(row.section) ?? []), shown(row)]);
  return [...bySection].map(([section, list]) => ({ heading: sectionWords(section), rows: list }));
}
