/** What the limits tests (tests/unit/validation/limits*.test.ts) share: a valid claim and model, and the problems of a text. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatProblem } from '../../src/lib/input/problems.ts';
import { validateClaim } from '../../src/lib/input/validate.ts';
import { validateModel } from '../../src/lib/input/validateModel.ts';
import { parseYaml } from '../../src/lib/input/yamlSource.ts';
import { FIXTURE_MODELS, FIXTURES } from './cli.ts';

/** A valid claim file's text (the water-plant fixture). */
export const CLAIM = readFileSync(join(FIXTURES, 'claims', 'water-plant.yaml'), 'utf8');
/** A valid model file's text (ledger-strict@0.1.0). */
export const MODEL = readFileSync(join(FIXTURE_MODELS, 'ledger-strict@0.1.0.yaml'), 'utf8');

/** The problems of a claim's text, formatted, from parsing and validating it. */
export function claimProblems(text: string): string[] {
  const { parsed, problems } = parseYaml('c.yaml', text);
  if (!parsed) return problems.map(formatProblem);
  return validateClaim(parsed).problems.map(formatProblem);
}

/** The problems of a model's text, formatted, from parsing and validating it. */
export function modelProblems(text: string): string[] {
  const { parsed, problems } = parseYaml('m.yaml', text);
  if (!parsed) return problems.map(formatProblem);
  return validateModel(parsed).problems.map(formatProblem);
}
