/**
 * What a claim page shows, read from one trace and the declared numbers of the model that made it.
 * Everything is a pure function, one module per step under `steps/`: the claim page's components
 * lay these values out and never compute. This module gathers them for callers outside the claim page.
 */
export * from './fields.ts';
export * from './page.ts';
export * from './numbers.ts';
export * from './steps/evidence.ts';
export * from './steps/groups.ts';
export * from './steps/sum.ts';
export * from './steps/state.ts';
export * from './steps/stability.ts';
export * from './steps/coverage.ts';
export * from './steps/gradient.ts';
export * from './steps/models.ts';
