import { describe, expect, it } from 'vitest';
import { progress, type ProgressStream } from '../../../src/lib/site/progress.ts';

/** A stream that records what was written, a terminal or not. */
function stream(isTTY: boolean): ProgressStream & { text: string } {
  const s = { isTTY, text: '', write: (t: string) => ((s.text += t), true) };
  return s;
}

describe('progress', () => {
  it('draws `label: n of N` on one line of a terminal and clears it when done', () => {
    const out = stream(true);
    let clock = 0;
    const bar = progress('scoring', 3, { stream: out, interval: 100, now: () => clock });
    bar.tick();
    clock = 50;
    bar.tick(); // within the interval: not redrawn
    clock = 200;
    bar.tick(); // the last one is always drawn
    bar.done('scored 3 of 3 traces');
    expect(out.text).toBe('\r\u001b[2Kscoring: 1 of 3\r\u001b[2Kscoring: 3 of 3\r\u001b[2Kscored 3 of 3 traces\n');
  });

  it('stays quiet when standard error is not a terminal (CI logs), except for the summary', () => {
    const out = stream(false);
    const bar = progress('scoring', 1000, { stream: out, now: () => 0 });
    for (let i = 0; i < 1000; i++) bar.tick();
    bar.done('scored 1000 of 1000 traces');
    expect(out.text).toBe('scored 1000 of 1000 traces\n');
  });

  it('sets the count when given one, and writes nothing at all without a summary off a terminal', () => {
    const out = stream(false);
    const bar = progress('pages', 10, { stream: out });
    bar.tick(7);
    bar.done();
    expect(out.text).toBe('');
  });
});
