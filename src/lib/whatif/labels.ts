/** The words the what-if panel shows readers, in one place (the page's and the script's). */
import type { LinkLevel } from './edits.ts';

/** The panel's words. */
export const WHAT_IF = {
  button: 'What if…',
  intro:
    'Switch evidence off, change its levels, change the votes, add a link or pick another model, and see this claim re-scored at once in your browser by the same engine that published it. Nothing you change leaves this page.',
  noscript:
    'A what-if (an address with ?what-if= in it) re-scores this claim in the page and needs JavaScript; without it, this page shows the published score.',
  heading: 'What if…',
  banner: 'This is a what-if, not the published score.',
  how: 'The figures below are worked out again in your browser, with the engine that published this page, for the claim with your changes; the published page above and below is unchanged.',
  off: 'Switched off: this link is left out of the what-if.',
  noVotes: 'This claim has no votes.',
  reproduce: 'To reproduce the what-if trace on your own computer, save the edited claim file and run',
  loading: 'Loading the engine…',
  cannotLoad: 'The what-if panel could not load its script, so only the published score is shown.',
  cannotRead: 'The what-if panel could not read this page’s trace, so only the published score is shown.',
  reset: 'Reset to the published score',
  model: 'Model',
  thisPage: '(this page’s model)',
  links: 'Evidence links',
  count: 'Count this link',
  votes: 'Votes',
  keepVote: 'Count this vote',
  voteValue: 'Value (0 to 1)',
  reputation: 'Reputation',
  add: 'Add a hypothetical link',
  addButton: 'Add this link',
  remove: 'Remove this link',
  source: 'Source',
  newSource: 'a new source of its own',
  direction: 'Direction',
  downloads: 'Reproduce it',
  downloadTrace: 'Download this what-if trace',
  downloadClaim: 'Download the edited claim file',
  share: 'Link to this what-if',
  ignored: 'Parts of this address were ignored:',
  pictures: 'The pictures, published and what-if',
  picturesHow:
    'Each picture is drawn twice by the code that drew the page’s own: first as published (the same as on the page, under the sum and the probability), then for the what-if, redrawn at every change.',
  walk: 'The log-odds walk',
  curve: 'The logistic curve',
  publishedPicture: 'Published',
  whatIfPicture: 'What-if',
} as const;

/** A link's levels as the panel labels them. */
export const LEVEL_LABELS: Readonly<Record<LinkLevel, string>> = {
  relevance: 'Relevance',
  observation: 'Observation',
  interpretationSteps: 'Interpretation steps',
  authenticity: 'Authenticity',
  extraction: 'Extraction',
};

/** A direction in words. */
export const DIRECTION_WORDS = { supports: 'supports', opposes: 'opposes' } as const;

/** The words of the /contribute/ playground. */
export const PLAYGROUND = {
  button: 'Try a claim file',
  intro:
    'Write or paste a claim file (it starts from one of the ledger’s claims) and see, as you type, the problems `ledger check` would print, with their line numbers, and the score under any released model.',
  heading: 'Playground',
  private:
    'Nothing you write here is sent anywhere: the check and the score run in your browser, with the same code as `ledger check` and `ledger score`.',
  slug: 'File name (the claim’s slug, before .yaml)',
  text: 'Your claim file (YAML)',
  model: 'Score it under',
  problems: 'Problems, as ledger check prints them',
  noProblems: 'No problems: ledger check would accept this file.',
  score: 'The score',
  noScore: 'The claim is scored once it has no problems.',
  reproduce: 'On your own computer:',
  cannotLoad: 'The playground could not load its script.',
} as const;
