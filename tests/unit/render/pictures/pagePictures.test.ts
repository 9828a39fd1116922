/**
 * The compare and model pages' pictures, and the claim pictures' text alternatives checked against
 * every seed claim's trace as `trace.json` publishes it.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createScorer } from '../../../../src/engine/index.ts';
import { loadLedger } from '../../../../src/lib/input/load.ts';
import { traceJson } from '../../../../src/lib/claim/claimView.ts';
import { bandsView } from '../../../../src/lib/render/pictures/bands.ts';
import { compareView } from '../../../../src/lib/render/pictures/compare.ts';
import { curveView } from '../../../../src/lib/render/pictures/curve.ts';
import { factorView } from '../../../../src/lib/render/pictures/factor.ts';
import { votesView } from '../../../../src/lib/render/pictures/votes.ts';
import { voteWeightView } from '../../../../src/lib/render/pictures/voteWeight.ts';
import { walkView } from '../../../../src/lib/render/pictures/walk.ts';
import { strictModel } from '../../../support/model.ts';

const model = strictModel();

describe('compareView', () => {
  const pairs = [
    {
      slug: 'same',
      statement: 's',
      a: { state: 'likely', probability: '0.8000' },
      b: { state: 'likely', probability: '0.8000' },
    },
    {
      slug: 'moved',
      statement: 's',
      a: { state: 'uncertain', probability: '0.5000' },
      b: { state: 'likely', probability: '0.7500' },
    },
    {
      slug: 'refused',
      statement: 's',
      a: { state: 'not-applicable', probability: null },
      b: { state: 'likely', probability: '0.7000' },
    },
  ];
  const view = compareView(pairs, 'a@1.0.0', 'b@1.0.0', (slug) => `/claims/${slug}/b@1.0.0/`);

  it('puts agreeing claims on the diagonal, rings a changed state, links each dot, and puts a refusal in the strip', () => {
    expect(view.dots.map((d) => [d.slug, d.stateChanged, d.href])).toEqual([
      ['same', false, '/claims/same/b@1.0.0/'],
      ['moved', true, '/claims/moved/b@1.0.0/'],
    ]);
    const same = view.dots[0]!;
    // On the diagonal: as far from the left as from the bottom, in the square plot.
    expect(same.x - view.left).toBeCloseTo(view.bottom - same.y, 0);
    expect(view.dots[1]!.y).toBeLessThan(view.bottom - (view.bottom - view.top) / 2);
    expect(view.unplaced).toEqual([
      'refused: no probability (not applicable) under a@1.0.0, 0.7000 (likely) under b@1.0.0',
    ]);
    expect(view.alt.desc).toContain(
      'moved: 0.5000 (uncertain) under a@1.0.0, 0.7500 (likely) under b@1.0.0, state changed',
    );
    // The refusal under a stands in the strip on the right, at b's 0.7000, ringed: its state changes.
    expect(view.refusedA.map((d) => [d.slug, d.x, d.stateChanged])).toEqual([['refused', view.stripX, true]]);
    expect(view.refusedA[0]!.y).toBeCloseTo(view.bottom - 0.7 * (view.bottom - view.top), 0);
    expect(view.caption).toContain(
      '2 of 3 claims change state (ringed), 1 of them because one model gives it no probability.',
    );
    expect(view.caption).toContain('1 with no probability under a@1.0.0 stands in the strip on the right');
  });
});

describe('model page pictures', () => {
  it('draws the factor falling by the step cost to the floor (seed 000: 0.15 a step, floor 0)', () => {
    const view = factorView(model);
    // 1 − 0.15 × n reaches 0 at n = 7 (ceil(1 / 0.15)); the table shows 0 to 7 steps.
    expect(view.points.map((p) => p.tick)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(view.points[0]!.y).toBe(view.top);
    expect(view.points[7]!.y).toBe(view.floor.y);
    expect(view.alt.desc).toMatch(/^0 steps: 1\.00; 1 step: 0\.85; 2 steps: 0\.70;/);
    expect(view.alt.desc).toContain('7 steps: 0.00 (floor)');
  });

  it('draws the vote weight on a logarithmic reputation axis with the floor', () => {
    const view = voteWeightView(model);
    expect(view.points.map((p) => p.tick)).toEqual(['0', '10', '100', '500', '1000', '10000']);
    // ln(1 + r) axis: 0 at the left, 10000 at the right, and 100 about half way (ln 101 / ln 10001).
    expect(view.points[0]!.x).toBe(view.left);
    expect(view.points[5]!.x).toBe(view.right);
    const half = (view.points[2]!.x - view.left) / (view.right - view.left);
    expect(half).toBeCloseTo(Math.log(101) / Math.log(10001), 2);
    expect(view.alt.desc).toContain(`reputation 0: weight 0.100000 (floor)`);
    expect(view.alt.desc).toContain(`reputation 10000: weight ${Math.log(10001).toFixed(6)}`);
  });

  it('draws each state as a band from its threshold to the next', () => {
    const view = bandsView(model);
    expect(view.bands.map((b) => b.from)).toEqual(['0', '0.1', '0.3', '0.7', '0.9']);
    const [a, b] = view.bands;
    expect(a!.x + a!.width).toBeCloseTo(b!.x, 1);
    expect(view.alt.desc).toBe(
      'very unlikely from 0 up to 0.1; unlikely from 0.1 up to 0.3; uncertain from 0.3 up to 0.7; likely from 0.7 up to 0.9; very likely from 0.9 to 1.',
    );
  });
});

describe('every figure in a claim picture’s text alternative is a string of the published trace', () => {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const { ledger } = loadLedger({ content: join(root, 'content'), models: join(root, 'models') });
  // Model ids carry a version (ledger@1.1.0), not a figure.
  const figures = (text: string): string[] => text.replace(/\S+@\d+\.\d+\.\d+/g, '').match(/-?\d+\.\d+/g) ?? [];
  const strings = (json: string): Set<string> => new Set([...json.matchAll(/"(-?\d+(?:\.\d+)?)"/g)].map((m) => m[1]!));

  it.each(ledger!.models.map((m) => m.id))('under %s', (id) => {
    const { model: m } = ledger!.models.find((x) => x.id === id)!;
    const scorer = createScorer(m, 'sha256:pictures-test');
    const missing: string[] = [];
    for (const { slug, claim } of ledger!.claims) {
      const trace = scorer.score(slug, claim);
      // The published file: every decimal a string of it, or of the model the trace names.
      const published = strings(traceJson(trace));
      const declared = strings(JSON.stringify(m));
      const walk = walkView(trace);
      const alts = [
        walk.kind === 'walk' ? walk.alt.desc : walk.text,
        curveView(trace, m).alt.desc,
        votesView(trace, m).alt.desc,
      ];
      for (const f of alts.flatMap(figures)) {
        if (!published.has(f) && !declared.has(f)) missing.push(`${slug}: ${f}`);
      }
      if (trace.result.probability === null) {
        // A refusal states no probability in its own pictures.
        for (const alt of alts.slice(0, 2)) expect(alt).not.toMatch(/probability \d/);
      } else {
        expect(alts[0]).toContain(trace.result.probability);
      }
    }
    expect(missing).toEqual([]);
  });
});
