/** What the broken-input tests (tests/unit/cli/broken-inputs*.test.ts) share: the expected problems and workspaces with one broken file. */
import { join } from 'node:path';
import { expect } from 'vitest';
import { checkCommand } from '../../src/cli/check.ts';
import {
  looksLikeStackTrace,
  problemLines,
  runInProcess,
  shown,
  workspace,
  type Outcome,
  type Workspace,
} from './cli.ts';

/** `[line, field]` of each problem a file should get, in the order they are printed. */
export type Expected = readonly (readonly [line: number, field: string])[];

/** Asserts a failed run: exit 1, nothing on stdout, exactly these problem prefixes, no stack trace. */
export function expectProblems(outcome: Outcome, file: string, expected: Expected): string[] {
  const lines = problemLines(outcome.stderr);
  expect(outcome.code).toBe(1);
  expect(outcome.stdout).toBe('');
  expect(looksLikeStackTrace(outcome.stderr)).toBe(false);
  expect(
    lines.map((line, i) =>
      line.startsWith(`${shown(file)}:${expected[i]?.[0]}: ${expected[i]?.[1]}: `) ? 'ok' : line,
    ),
  ).toEqual(expected.map(() => 'ok'));
  expect(outcome.stderr).toMatch(new RegExp(`\\n${expected.length} problems? found\\.\\n$`));
  return lines;
}

/** `ledger check` in-process on a workspace (its own models folder unless told). */
export const check = (ws: Workspace, models = ws.models) =>
  runInProcess((io) => checkCommand(io, { content: ws.content, models }));

/** A workspace with the fixture models and one broken claim file. */
export function withClaim(fixture: string): { ws: Workspace; file: string } {
  const ws = workspace();
  const file = ws.copy(join('broken', 'claims', fixture), join('content', 'claims', fixture));
  return { ws, file };
}

/** A workspace with the fixture models, one good claim, and a broken model copied in as `as`. */
export function withModel(fixture: string, as = 'broken@1.0.0.yaml'): { ws: Workspace; file: string } {
  const ws = workspace();
  ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
  const file = ws.copy(join('broken', 'models', fixture), join('models', as));
  return { ws, file };
}
