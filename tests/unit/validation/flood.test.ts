/**
 * One file must not crash or flood `check`: a list of 130,000 wrong items is reported as the first
 * fifty problems and a count of the rest, within seconds and without a stack trace; and a file
 * whose name holds a line break keeps each problem on one line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommand } from '../../../src/cli/check.ts';
import { MAX_PROBLEMS_PER_FILE } from '../../../src/lib/input/problems.ts';
import { FIXTURES, looksLikeStackTrace, runInProcess, shown, workspace } from '../../support/cli.ts';

const waterPlant = readFileSync(join(FIXTURES, 'claims', 'water-plant.yaml'), 'utf8');

describe('a file with a flood of problems', () => {
  it.each([100_000, 130_000])('reports %i wrong reviews as fifty problems and a count, without crashing', async (n) => {
    const ws = workspace();
    const text = waterPlant.replace(/reviews:\n(?: {2}- .*\n)+/, `reviews: [${Array(n).fill('1').join(', ')}]\n`);
    const file = ws.write('content/claims/water-plant.yaml', text);
    const run = await runInProcess((io) => checkCommand(io, { content: ws.content, models: ws.models }));
    expect(run.code).toBe(1);
    expect(looksLikeStackTrace(run.stderr)).toBe(false);
    const lines = run.stderr.split('\n').filter((line) => line.startsWith(shown(file)));
    expect(lines).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    // One problem for the list's length (at most 200 reviews) and one per item.
    expect(lines.filter((line) => /:\d+: reviews: must list at most 200 reviews /.test(line))).toHaveLength(1);
    expect(lines).toContain(
      `${shown(file)}:1: (file): and ${n + 1 - MAX_PROBLEMS_PER_FILE} more problems in this file, not listed (the first ${MAX_PROBLEMS_PER_FILE} are)`,
    );
    expect(run.stderr.length).toBeLessThan(20_000);
  });
});

describe('a file name with a line break in it', () => {
  it('is named on one line, the break escaped', async () => {
    const ws = workspace();
    ws.write('content/claims/water-plant.yaml', waterPlant);
    ws.write('content/claims/odd\nname.yaml', waterPlant);
    const run = await runInProcess((io) => checkCommand(io, { content: ws.content, models: ws.models }));
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n');
    const named = lines.filter((line) => line.includes('odd'));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain('odd\\nname.yaml');
    expect(lines.some((line) => line.startsWith('name.yaml'))).toBe(false);
  });
});
