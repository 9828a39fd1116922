/**
 * The words the explanations are shown in (docs/design.md §6a): every sentence a claim page or a
 * compare page says about what a link does, how close a state is and why models differ. Figures
 * come in as decimal strings from an explanation, a trace or a model file; nothing is worked here.
 */
import type { Model } from '../../engine/index.ts';
import type { Edit, SettingMove } from '../../engine/explain/index.ts';
import { capitalIdWords, idWords, plural } from '../render/words.ts';
import { settingWords } from '../model/settingWords.ts';

/** A state with its band under a model, as a state is named on first mention: "uncertain (0.3 to below 0.7)". */
export function stateWithBand(model: Pick<Model, 'states'>, state: string): string {
  const index = model.states.findIndex((s) => s.state === state);
  if (index < 0) return idWords(state);
  const from = model.states[index]!.from;
  const next = model.states[index + 1]?.from;
  return `${idWords(state)} (${next === undefined ? `${from} to 1` : `${from} to below ${next}`})`;
}

/** The same, capitalised. */
export function capitalStateWithBand(model: Pick<Model, 'states'>, state: string): string {
  const words = stateWithBand(model, state);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A change in log-odds with its sign: "+0.200000", "−0.100000". */
export function signed(change: string): string {
  return change.startsWith('-') ? `−${change.slice(1)}` : `+${change}`;
}

/** A result in brief: "0.6225, uncertain" or "no probability (insufficient evidence)". */
export function briefWords(state: string, probability: string | null): string {
  return probability === null ? `no probability (${idWords(state)})` : `${probability}, ${idWords(state)}`;
}

/** What removing one link does, in one sentence. */
export const withoutWords = {
  dependent: (kept: string) =>
    `Removing it changes nothing: its group already counts once, through ${kept}, the strongest link of its source and direction.`,
  zero: (why: string) => `Removing it changes nothing: ${why}, so it moves no number.`,
  moved: (state: string, probability: string | null, change: string | null) =>
    `Without it: ${briefWords(state, probability)}${change === null ? '' : ` (log-odds ${signed(change)})`}.`,
  hangs: 'The verdict hangs on this link: removing it alone changes the state.',
} as const;

/** Why a link weighs nothing: the factor that is 0, or a product that rounds to 0. */
export function zeroWhy(factor: string | null): string {
  return factor === null ? 'its weight rounds to 0 at this model’s places' : `its ${factor} factor is 0`;
}

/** The distance to the next states. */
export const closeWords = {
  title: 'How close it is',
  up: (weight: string, state: string, probability: string) =>
    `${weight} more supporting weight (in log-odds) would make it ${state} (${probability}).`,
  down: (weight: string, state: string, probability: string) =>
    `${weight} more opposing weight would make it ${state} (${probability}).`,
  noUp: 'No state lies above this one.',
  noDown: 'No state lies below this one.',
  editsIntro: 'Single edits of the evidence as recorded that would change the state, smallest change first:',
  noEdits:
    'No single edit of the evidence as recorded (removing a link, moving one of its levels by one step, one interpretation step more or fewer, a check doubted or refuted) changes the state.',
} as const;

/** One edit as a reader reads it: "move a's relevance from bears directly to touches subject". */
export function editWords(edit: Edit): string {
  const link = edit.link;
  switch (edit.edit) {
    case 'remove':
      return `remove ${link}`;
    case 'interpretationSteps':
      return `${link} with ${edit.to} interpretation ${edit.to === '1' ? 'step' : 'steps'} instead of ${edit.from}`;
    case 'authenticity':
    case 'extraction':
      return `${link}’s ${edit.edit} marked ${idWords(edit.to ?? '')}`;
    default:
      return `${link}’s ${edit.edit} moved from ${idWords(edit.from ?? '')} to ${idWords(edit.to ?? '')}`;
  }
}

/** An edit's result: "0.6900, uncertain (log-odds −0.700000)". */
export function editResultWords(edit: Edit): string {
  return `${briefWords(edit.state, edit.probability)}${edit.change === null ? '' : ` (log-odds ${signed(edit.change)})`}`;
}

/** A declared value of a setting under a model, as text ("not scored" for a type without a prior). */
export function settingValue(model: Model, path: string): string {
  if (path === 'states') return model.states.map((s) => `${idWords(s.state)} from ${s.from}`).join(', ');
  if (path === 'independence') return idWords(model.independence);
  const dot = path.indexOf('.');
  const head = path.slice(0, dot) as 'relevance' | 'observation' | 'authenticity' | 'extraction' | 'priors';
  const key = path.slice(dot + 1);
  const table = (model as unknown as Record<string, Record<string, string>>)[head] ?? {};
  const value = Object.hasOwn(table, key) ? table[key]! : undefined;
  if (value === undefined) return head === 'priors' ? 'not scored' : 'not declared';
  return path === 'rounding.mode' ? idWords(value) : value;
}

/** One setting that moved a claim between two models, as a sentence. */
export function moveSentence(
  move: SettingMove,
  here: { readonly model: Model; readonly name: string },
  there: { readonly model: Model; readonly name: string },
  detail: string | null,
): string {
  const label = settingWords(move.setting, here.model);
  const head = `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${settingValue(here.model, move.setting)} ${here.name}, ${settingValue(there.model, move.setting)} under ${there.name}`;
  const by =
    move.change === null
      ? move.posteriorLogOdds === null
        ? ` (alone it leaves no probability: ${idWords(move.state)})`
        : ' (alone it gives a probability where there was none)'
      : move.change.replace(/^-/, '').replace(/[0.]/g, '') === ''
        ? ` (moves no log-odds; alone it makes the state ${idWords(move.state)})`
        : ` (log-odds ${signed(move.change)})`;
  return `${head}${by}.${detail === null ? '' : ` ${detail.charAt(0).toUpperCase()}${detail.slice(1)}.`}`;
}

/**
 * A sentence of moveSentence's cut in two: the setting, its two values and how far it moves the
 * log-odds (up to the bracket's full stop), and what the claim's own evidence does with it (empty
 * when the sentence says nothing more, as the sentence saying the settings move it together).
 */
export function moveSentenceParts(sentence: string): { head: string; detail: string } {
  const end = sentence.indexOf(').');
  return end < 0
    ? { head: sentence, detail: '' }
    : { head: sentence.slice(0, end + 2), detail: sentence.slice(end + 2).trim() };
}

/** How many of a claim's links a level's factor weighs: "2 pieces of evidence for this claim are weighed with it". */
export function levelDetail(count: number): string {
  return `${plural(count, 'piece of evidence', 'pieces of evidence')} for this claim ${count === 1 ? 'is' : 'are'} weighed with it`;
}

/** What the interpretation settings do to the claim's link with the most steps: "9 interpretation steps take the factor down to its floor: factor 0.1 here, 0 under B". */
export function interpretationDetail(steps: string, floor: boolean, factors: string): string {
  const one = steps === '1';
  const words = `${steps} interpretation ${one ? 'step' : 'steps'}`;
  return floor
    ? `${words} ${one ? 'takes' : 'take'} the factor down to its floor: factor ${factors}`
    : `${words} ${one ? 'gives' : 'give'} a factor of ${factors}`;
}

/** What counting every link does to groups of several links: "counting every link, the 2 links from Eastbrook Gazette add 0.4 each instead of counting once". */
export function independenceDetail(
  groups: readonly { readonly source: string; readonly count: number; readonly weights: string }[],
  countsEvery: boolean,
): string | null {
  if (groups.length === 0) return null;
  const parts = groups.map((g) =>
    countsEvery
      ? `the ${g.count} links from ${g.source} add ${g.weights} instead of counting once`
      : `the ${g.count} links from ${g.source} count once instead of adding ${g.weights}`,
  );
  return `${countsEvery ? 'counting every link' : 'counting the strongest link of each source and direction'}, ${parts.join('; ')}`;
}

/** The heading and lines of the every-model strip. */
export const everyModelWords = {
  title: 'Every model at a glance',
  intro:
    'The same claim and evidence under every released model, on one axis with the states of this page’s model as bands; a model that gives no probability says so instead of a dot.',
  same: 'Same as this page.',
  differs: (name: string) => `differs from ${name}:`,
  why: 'why',
  rest: (n: number) => (n === 0 ? 'more' : n === 1 ? 'more, and 1 other setting' : `more, and ${n} other settings`),
  more: 'The table, and why each model differs from this page’s',
  together: 'No one setting alone accounts for it: the settings that differ move it together.',
  thisPage: 'this page',
  noNumber: 'no probability',
} as const;

/** A model's differing value where this page uses it: "0.35 here; 0.4 under the default". */
export function differsFromDefault(here: string, there: string): string {
  return `${here} here; ${there} under the default`;
}

/** Beside a factor that differs from the default's: the default's value ("0.4 under ledger@1.1.0"). */
export function factorDiffersWords(there: string | undefined, defaultId: string): string {
  return `${there ?? 'not declared'} under ${defaultId}`;
}

/** The tag beside such a factor, in words (never colour alone). */
export const FACTOR_DIFFERS_TAG = 'differs';

/** The state step's note when the default's thresholds would name the same probability otherwise. */
export function otherThresholdWords(probability: string, state: string): string {
  return `Under the default model’s thresholds the same probability, ${probability}, would be ${state}.`;
}

export { capitalIdWords };
