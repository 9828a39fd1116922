/**
 * The level tables of a model, in the order the spec and the pages give them: the one list the
 * validator, the model page, `/contribute/` and the claim template all walk.
 */

/** The tables a link's levels are looked up in (interpretation is a count of steps, not a table). */
export const LEVEL_TABLES = ['relevance', 'observation', 'authenticity', 'extraction'] as const;

/** One of the level tables. */
export type LevelTableName = (typeof LEVEL_TABLES)[number];
