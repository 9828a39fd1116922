/**
 * The default model's figures that `/contribute/` shows beside a field of the claim file (the
 * priors of each type, the interpretation factor, the review checks, the weight of a vote), each
 * as one small table that FigureTable.astro lays out; the figures are the model page's own rows.
 */
import type { Model } from '../../engine/index.ts';
import { interpretationRows, priorRows, weightTable } from '../model/modelView.ts';
import { checkRows } from './contribute.ts';

/** One small table of a model's figures. */
export interface FigureTable {
  /** The caption's words before and after the model's id. */
  readonly caption: { readonly before: string; readonly after: string };
  readonly columns: readonly { readonly label: string; readonly num: boolean }[];
  /** True when each row's first cell names the row (a row header). */
  readonly headed: boolean;
  /** True when the row header is an id, written as code. */
  readonly code: boolean;
  readonly rows: readonly (readonly string[])[];
}

const floorNote = (shown: string, floored: boolean): string => (floored ? `${shown} (the floor)` : shown);

/** The tables `/contribute/` shows, by the path of the field they stand under. */
export function fieldTables(model: Model): Readonly<Record<string, FigureTable>> {
  return {
    type: {
      caption: { before: 'Claim types ', after: ' scores' },
      columns: [
        { label: 'Type', num: false },
        { label: 'Prior probability', num: true },
        { label: 'Prior log-odds', num: true },
      ],
      headed: true,
      code: true,
      rows: priorRows(model).map((row) => [row.type, row.probability, row.logOdds]),
    },
    'evidence.interpretationSteps': {
      caption: {
        before: 'The interpretation factor under ',
        after: `: max(${model.interpretation.floor}, 1 − ${model.interpretation.stepCost} × steps)`,
      },
      columns: [
        { label: 'Steps', num: false },
        { label: 'Factor', num: true },
      ],
      headed: true,
      code: false,
      rows: interpretationRows(model).map((row) => [row.steps, floorNote(row.shown, row.floored)]),
    },
    'reviews.check': {
      caption: { before: 'The checks ', after: ' declares' },
      columns: [
        { label: 'Check', num: false },
        { label: 'What it asks for', num: false },
      ],
      headed: true,
      code: true,
      rows: checkRows(model).map((row) => [row.check, row.meaning]),
    },
    'votes.reputation': {
      caption: { before: 'The weight of a vote under ', after: ', by the voter’s reputation' },
      columns: [
        { label: 'Reputation', num: true },
        { label: 'Weight', num: true },
      ],
      headed: false,
      code: false,
      rows: weightTable(model).map((row) => [row.reputation, floorNote(row.weight, row.floored)]),
    },
  };
}
