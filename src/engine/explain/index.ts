/** Explanations worked at build time (docs/design.md §6a): what each link does, how close the state is, why models differ. */
export { candidateSettings, settingsMoving } from './acrossModels.ts';
export { boundaries, stateIndexAt } from './boundaries.ts';
export { MOST_EDITS, type LevelOrder } from './edits.ts';
export { createExplainer, declaredLevels, type Explainer } from './explain.ts';
export { outcomeOf, type Outcome } from './outcome.ts';
export { substituted, substitutedRules } from './substitution.ts';
export * from './types.ts';
