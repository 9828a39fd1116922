/**
 * Names that look the same are the same: a voter written with trailing spaces, a no-break or
 * ideographic space, decomposed accents or a zero-width space is the voter already counted; a
 * model's table keys that are one key once trimmed are refused; and `ledger new claim` with a
 * 300-character slug is refused in words, not with ENAMETOOLONG.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommand } from '../../../src/cli/check.ts';
import { newCommand } from '../../../src/cli/new.ts';
import { FIXTURES, looksLikeStackTrace, runInProcess, shown, workspace } from '../../support/cli.ts';

const waterPlant = readFileSync(join(FIXTURES, 'claims', 'water-plant.yaml'), 'utf8');

async function checkVotes(votes: readonly string[]): Promise<{ code: number | null; lines: string[]; file: string }> {
  const ws = workspace();
  const yaml = votes.map((v) => `  - { voter: ${JSON.stringify(v)}, reputation: 800, value: 0.9 }`).join('\n');
  const file = ws.write('content/claims/water-plant.yaml', waterPlant.replace(/votes:\n[\s\S]*$/, `votes:\n${yaml}\n`));
  const run = await runInProcess((io) => checkCommand(io, { content: ws.content, models: ws.models }));
  expect(looksLikeStackTrace(run.stderr)).toBe(false);
  return { code: run.code, lines: run.stderr.split('\n').filter((l) => l.startsWith(shown(file))), file: shown(file) };
}

describe('a voter written two ways', () => {
  it.each([
    ['t.mensah ', 't.mensah'],
    ['t.mensah\u00a0', 't.mensah'],
    ['t.mensah\u3000', 't.mensah'],
    ['Jose\u0301', 'Jos\u00e9'],
  ])('%j after %j is the same voter', async (second, first) => {
    const { code, lines, file } = await checkVotes([first, second]);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `${file}:31: votes[1].voter: ${JSON.stringify(second.trim())} has already voted on this claim (votes[0] is the same name)`,
    ]);
  });

  it('refuses a name with a zero-width space, and counts it as the name without it', async () => {
    const { code, lines, file } = await checkVotes(['t.mensah', 't.men\u200bsah']);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `${file}:31: votes[1].voter: "t.men\u200bsah" has already voted on this claim (votes[0] is the same name)`,
      `${file}:31: votes[1].voter: holds an invisible character (U+200B); write the name without it`,
    ]);
  });

  it('lets two different voters vote', async () => {
    expect((await checkVotes(['t.mensah', 'g.farah'])).code).toBe(0);
  });
});

describe("a model's table keys", () => {
  it('are refused when two are one key once trimmed', async () => {
    const ws = workspace();
    const model = join(ws.models, 'ledger-strict@0.1.0.yaml');
    const text = readFileSync(model, 'utf8').replace(
      '  statistical: 0.5\n',
      "  statistical: 0.5\n  'statistical ': 0.99\n",
    );
    ws.write('models/ledger-strict@0.1.0.yaml', text);
    ws.write('content/claims/water-plant.yaml', waterPlant);
    const run = await runInProcess((io) => checkCommand(io, { content: ws.content, models: ws.models }));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `priors.statistical : "statistical " is the same key as "statistical" once trimmed; keep one`,
    );
  });
});

describe('ledger new claim with a very long slug', () => {
  it('is refused in words, writing nothing', async () => {
    const ws = workspace();
    const run = await runInProcess((io) =>
      newCommand(io, ['claim', 'a'.repeat(300)], { content: ws.content, models: ws.models, today: '2026-12-06' }),
    );
    expect(run.code).toBe(1);
    expect(looksLikeStackTrace(run.stderr)).toBe(false);
    expect(run.stderr).toContain('(file name): the slug is 300 characters; a slug may be at most 200');
  });
});
