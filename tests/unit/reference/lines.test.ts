/**
 * The Python reference is held to the rule ESLint's `max-lines` keeps for the TypeScript: no file
 * over 350 lines, each one concern (reference/README.md lists them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/cli.ts';

const MAX_LINES = 350;
const folder = join(REPO_ROOT, 'reference');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.py'))
  .sort();

/** A text's lines as `wc -l` and ESLint count them: a final newline ends the last line, it starts none. */
const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('reference/*.py', () => {
  it('finds the reference, ledger.py among it', () => {
    expect(files).toContain('ledger.py');
  });

  it.each(files)(`reference/%s has at most ${MAX_LINES} lines`, (file) => {
    const lines = lineCount(readFileSync(join(folder, file), 'utf8'));
    expect(lines, `reference/${file} has ${lines} lines; split it by concern`).toBeLessThanOrEqual(MAX_LINES);
  });
});
