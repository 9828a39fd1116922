/**
 * The benchmark's own pieces: its synthetic claims are valid under the released models and cover
 * what docs/design.md §3 asks of them, its page measurements read what a page loads, and its
 * figures of the pool bound the speed-up by the CPU time the default build spent.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { median, stylesheetsOf, type Run } from '../../../scripts/dev/bench/measure.ts';
import { workerFigures } from '../../../scripts/dev/bench/workers.ts';
import { claimYaml, syntheticClaim, syntheticSlug } from '../../../scripts/dev/bench/synthetic.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { formatProblem } from '../../../src/lib/input/problems.ts';
import { REPO_ROOT } from '../../support/cli.ts';

describe('synthetic claims', () => {
  const count = 300;
  const content = mkdtempSync(join(tmpdir(), 'bench-claims-'));
  mkdirSync(join(content, 'claims'));
  for (let i = 0; i < count; i++)
    writeFileSync(join(content, 'claims', `${syntheticSlug(i)}.yaml`), claimYaml(syntheticClaim(i)));
  const { ledger, problems } = loadLedger({ content, models: join(REPO_ROOT, 'models') });

  it('are valid under the six released models', () => {
    expect(problems.map(formatProblem)).toEqual([]);
    expect(ledger!.claims).toHaveLength(count);
    expect(ledger!.models).toHaveLength(6);
  });

  it('cover every claim type, 0 to 12 links over 1 to 5 sources, reviews, votes and zero reputation', () => {
    const claims = ledger!.claims.map((c) => c.claim);
    expect(new Set(claims.map((c) => c.type))).toEqual(
      new Set(['factual', 'statistical', 'causal', 'prediction', 'value-judgement', 'rhetorical-question', 'anecdote']),
    );
    const links = claims.map((c) => c.evidence.length);
    expect(Math.min(...links)).toBe(0);
    expect(Math.max(...links)).toBe(12);
    const sources = claims.map((c) => c.sources.length);
    expect([Math.min(...sources), Math.max(...sources)]).toEqual([1, 5]);
    expect(claims.some((c) => c.reviews.some((r) => r.by === c.author))).toBe(true);
    expect(claims.some((c) => c.votes.length === 0)).toBe(true);
    expect(claims.some((c) => c.votes.some((v) => v.reputation === '0'))).toBe(true);
  });

  it('are the same files on every run', () => {
    expect(claimYaml(syntheticClaim(17))).toBe(claimYaml(syntheticClaim(17)));
    expect(claimYaml(syntheticClaim(17))).not.toBe(claimYaml(syntheticClaim(18)));
  });
});

describe('page measurements', () => {
  it('find the stylesheets a page links, not fonts, icons or other sites', () => {
    const html =
      '<link rel="stylesheet" href="/katex/katex.min.css"><link rel=stylesheet href=../_astro/a.css>' +
      '<link rel="icon" href="/favicon.svg"><link rel="preload" as="font" href="/f.woff2"><link rel="stylesheet" href="https://x.org/a.css">';
    expect(stylesheetsOf(html)).toEqual(['/katex/katex.min.css', '../_astro/a.css']);
  });

  it.each([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])('take the median of %j as %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('the pool’s figures', () => {
  const run = (seconds: number, cpuSeconds: number | null): Run => ({
    status: 0,
    seconds,
    cpuSeconds,
    peakRssMb: null,
    stdout: '',
    stderr: '',
  });

  it('bound the speed-up by the default build’s CPU time spread over every core', () => {
    const figures = workerFigures(run(42.4, 53.7), run(30.8, 52.4));
    const cores = availableParallelism();
    expect(figures.build_speedup).toBe(1.38);
    expect(figures.build_cores_busy_1_worker).toBe(1.27);
    expect(figures.build_cores_busy_default_workers).toBe(1.7);
    // 42.4 s against 52.4 CPU seconds on `cores` cores: 42.4 × cores / 52.4.
    expect(figures.build_speedup_ceiling).toBe(Math.round((4240 * cores) / 52.4) / 100);
  });

  it('leave the bound out when the CPU time was not measured', () => {
    const figures = workerFigures(run(40, null), run(30, null));
    expect(figures.build_speedup_ceiling).toBeNull();
    expect(figures.build_cores_busy_1_worker).toBeNull();
  });
});
