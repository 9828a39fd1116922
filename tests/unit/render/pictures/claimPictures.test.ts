/**
 * The claim page's pictures: the log-odds walk, the logistic curve and the votes, each laid out
 * from a trace the engine scored. Expected figures come from the
 * strict model's declared numbers (seed 000) and independent arithmetic, not from the pictures.
 */
import { describe, expect, it } from 'vitest';
import { INSUFFICIENT_REASON } from '../../../../src/engine/index.ts';
import { curveView } from '../../../../src/lib/render/pictures/curve.ts';
import { WIDTH } from '../../../../src/lib/render/pictures/frame.ts';
import { votesView } from '../../../../src/lib/render/pictures/votes.ts';
import { walkView } from '../../../../src/lib/render/pictures/walk.ts';
import { claim, type LinkSpec } from '../../../support/claim.ts';
import { strictModel } from '../../../support/model.ts';
import { scoreOf } from '../../../support/score.ts';

const model = strictModel();
const traceOf = (links: LinkSpec[], extra: Parameters<typeof claim>[0] = {}) =>
  scoreOf(model, claim({ ...extra, links }));

/** Every number in a view that is a coordinate: finite, at most one decimal. */
function coordinates(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => coordinates(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => coordinates(v, out));
  return out;
}
const oneDecimal = (n: number) => Number.isFinite(n) && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9;

describe('walkView', () => {
  it('refuses, with the reason, when no kept link has a weight above 0', () => {
    const view = walkView(traceOf([{ id: 'a', relevance: 'context-only' }]));
    expect(view.kind).toBe('refusal');
    expect(view.kind === 'refusal' && view.text).toContain('insufficient evidence');
    expect(view.kind === 'refusal' && view.text).toContain(INSUFFICIENT_REASON.replace(/\.$/, ''));
  });

  it('refuses a type the model does not score, naming the model’s reason, and shows no number', () => {
    const view = walkView(traceOf([{ id: 'a' }], { type: 'prediction' }));
    expect(view.kind).toBe('refusal');
    expect(view.kind === 'refusal' && view.text).toContain('A prediction is not scored until it resolves');
    expect(view.kind === 'refusal' && /\d/.test(view.text)).toBe(false);
  });

  it('walks left for opposition: each arrow ends left of where it starts, from the prior to −2', () => {
    // Two opposing links that bear directly on measurements: weight 1.0 × 1.0 each (seed 000).
    const view = walkView(
      traceOf([
        { id: 'a', direction: 'opposes', source: 's1' },
        { id: 'b', direction: 'opposes', source: 's2' },
      ]),
    );
    if (view.kind !== 'walk') throw new Error('expected a walk');
    expect(view.arrows.map((a) => a.label)).toEqual(['−1.000000 a', '−1.000000 b']);
    for (const a of view.arrows) expect(a.x2).toBeLessThan(a.x1);
    expect(view.arrows[1]!.x1).toBe(view.arrows[0]!.x2);
    expect(view.prior.x).toBe(view.arrows[0]!.x1);
    expect(view.posterior.x).toBe(view.arrows[1]!.x2);
    // The two arrows are equally long: length is the weight.
    expect(view.arrows[0]!.x1 - view.arrows[0]!.x2).toBeCloseTo(view.arrows[1]!.x1 - view.arrows[1]!.x2, 0);
    // 1 / (1 + e^2) = 0.11920…, to four places.
    expect(view.alt.desc).toContain('prior log-odds 0.000000 (probability 0.5)');
    expect(view.alt.desc).toContain('posterior log-odds -2.000000, probability 0.1192, unlikely');
  });

  it('draws a dependent link greyed beside the link it depends on, from the same start, moving nothing', () => {
    // Same source, same direction: states-outright (2.0) is kept, bears-directly (1.0) is dependent.
    const view = walkView(
      traceOf([
        { id: 'b', relevance: 'bears-directly' },
        { id: 'a', relevance: 'states-outright' },
      ]),
    );
    if (view.kind !== 'walk') throw new Error('expected a walk');
    const [kept, dependent] = view.arrows;
    expect(kept).toMatchObject({ id: 'a', kept: true, label: '+2.000000 a' });
    expect(dependent).toMatchObject({ id: 'b', kept: false, label: '+1.000000 b (dependent)' });
    expect(dependent!.x1).toBe(kept!.x1);
    expect(dependent!.x2 - dependent!.x1).toBeCloseTo((kept!.x2 - kept!.x1) / 2, 0);
    expect(dependent!.y).toBeGreaterThan(kept!.y);
    expect(view.posterior.x).toBe(kept!.x2);
    expect(view.alt.desc).toContain('a +2.000000 (dependent, not counted: b)');
  });

  it('keeps every label inside the picture and off the arrows, even where neither side has room', () => {
    // Two opposing sources pull the walk to both edges, so a dependent label beside its arrow
    // has room on neither side; the 120-letter id cannot fit across the picture at all.
    const long = 'x'.repeat(120);
    const view = walkView(
      traceOf([
        { id: 'kept-with-a-long-name', relevance: 'states-outright' },
        { id: 'dependent-with-a-long-name', relevance: 'bears-directly' },
        { id: long, source: 's2', relevance: 'states-outright', direction: 'opposes' },
        { id: 'other-source', source: 's3', relevance: 'states-outright', direction: 'opposes' },
      ]),
    );
    if (view.kind !== 'walk') throw new Error('expected a walk');
    // 7 units a character at the picture's 11-unit type is on the wide side of every sans-serif.
    const extent = (x: number, label: string, anchor: 'start' | 'end'): [number, number] =>
      anchor === 'start' ? [x, x + [...label].length * 7] : [x - [...label].length * 7, x];
    const labels = [
      ...view.arrows.map((a) => ({ x: a.labelX, label: a.label, anchor: a.anchor })),
      { x: view.prior.labelX, label: view.prior.label, anchor: view.prior.anchor },
      { x: view.posterior.labelX, label: view.posterior.label, anchor: view.posterior.anchor },
    ];
    for (const { x, label, anchor } of labels) {
      const [from, to] = extent(x, label, anchor);
      expect(from, label).toBeGreaterThanOrEqual(0);
      expect(to, label).toBeLessThanOrEqual(WIDTH);
    }
    for (const a of view.arrows) {
      const [from, to] = extent(a.labelX, a.label, a.anchor);
      const [low, high] = [Math.min(a.x1, a.x2), Math.max(a.x1, a.x2)];
      const beside = to <= low || from >= high;
      // A label beside its arrow stays clear of it; one above has its own line, clear of the arrowhead.
      if (!beside) expect(a.labelY + 3, a.label).toBeLessThanOrEqual(a.y - 4);
      for (const b of view.arrows) {
        if (b !== a) expect(Math.abs(b.y - a.y), `${a.id} and ${b.id} share a row`).toBeGreaterThanOrEqual(16);
      }
    }
    const cut = view.arrows.find((a) => a.id === long)!;
    expect(cut.label).toMatch(/^−2\.000000 x+…$/);
    expect(view.alt.desc, 'the text alternative names it in full').toContain(long);
    expect(view.posterior.label).toMatch(/^posterior [−\d]/);
  });

  it('keeps an extreme walk (probability 1.0000) inside the picture, every coordinate to one decimal', () => {
    // Ten independent sources stating the claim outright: 10 × 2.0 = 20; 1/(1+e^−20) rounds to 1.0000.
    const links = Array.from({ length: 10 }, (_, i) => ({
      id: `l${i}`,
      source: `s${i}`,
      relevance: 'states-outright',
    }));
    const view = walkView(traceOf(links));
    if (view.kind !== 'walk') throw new Error('expected a walk');
    expect(view.posterior.label).toBe('posterior 20.000000 → 1.0000');
    for (const a of view.arrows) {
      expect(a.x1).toBeGreaterThanOrEqual(0);
      expect(a.x2).toBeLessThanOrEqual(WIDTH);
    }
    expect(coordinates(view).every(oneDecimal)).toBe(true);
  });
});

describe('curveView', () => {
  it('puts the point on the curve, the re-scores as a range around it, and marks its band', () => {
    const view = curveView(traceOf([{ id: 'a', relevance: 'states-outright' }]), model);
    // Prior 0 + 2.0 = 2.0; 1/(1+e^−2) = 0.8808 (likely); scales 0.7 and 1.3 give 1.4 and 2.6.
    expect(view.point?.label).toBe('0.8808 at 2.000000');
    expect(view.range!.x).toBeLessThan(view.point!.x);
    expect(view.range!.x + view.range!.width).toBeGreaterThan(view.point!.x);
    expect(view.range!.label).toBe(
      `×0.7: ${(1 / (1 + Math.exp(-1.4))).toFixed(4)}, ×1.3: ${(1 / (1 + Math.exp(-2.6))).toFixed(4)}`,
    );
    expect(view.bands.map((b) => b.from)).toEqual(model.states.map((s) => s.from));
    expect(view.bands.filter((b) => b.current).map((b) => b.state)).toEqual(['likely']);
    expect(view.refusal).toBeNull();
    expect(coordinates(view).every(oneDecimal)).toBe(true);
  });

  it('draws a refusal with the bands but no point and no range, and says why', () => {
    const view = curveView(traceOf([], { type: 'value-judgement' }), model);
    expect(view.point).toBeNull();
    expect(view.range).toBeNull();
    expect(view.refusal).toContain('A value judgement is not settled by evidence');
    expect(view.bands.map((b) => b.state)).toEqual(model.states.map((s) => s.state));
    expect(view.alt.desc).not.toMatch(/probability \d/);
  });

  it('puts probability 1.0000 at the top of the plot', () => {
    const links = Array.from({ length: 10 }, (_, i) => ({
      id: `l${i}`,
      source: `s${i}`,
      relevance: 'states-outright',
    }));
    const view = curveView(traceOf(links), model);
    expect(view.point!.y).toBe(view.plotTop);
    expect(view.point!.x).toBeLessThanOrEqual(view.right);
  });
});

describe('votesView', () => {
  it('places one vote at its value, with ln(1 + 800) as its weight, and the gradient on it', () => {
    const view = votesView(
      traceOf([{ id: 'a' }], { votes: [{ voter: 'm.ito', reputation: '800', value: '0.9' }] }),
      model,
    );
    expect(view.dots).toHaveLength(1);
    expect(view.dots[0]!.x).toBe(view.gradient.x);
    expect(view.gradient.label).toBe('gradient 0.9000');
    expect(view.alt.desc).toContain(`m.ito 0.9 (weight ${Math.log(801).toFixed(6)})`);
    expect(view.alt.desc).toContain('consensus true');
    // The strict model's consensus thresholds (seed 003): false at 0.2 and below, true from 0.8 up.
    expect(view.falseZone.label).toBe('≤ 0.2');
    expect(view.trueZone.label).toBe('≥ 0.8');
    expect(view.dots[0]!.x).toBeGreaterThan(view.trueZone.x);
  });

  it('with no votes draws no dot and marks the neutral value as such', () => {
    const view = votesView(traceOf([{ id: 'a' }]), model);
    expect(view.dots).toEqual([]);
    expect(view.gradient.label).toBe('no votes: 0.5000');
    expect(view.gradient.x).toBe((view.left + view.right) / 2);
    expect(view.alt.desc).toMatch(/^No votes\./);
  });

  it('shows a refused claim’s votes but no evidence probability, and says why', () => {
    const view = votesView(traceOf([], { type: 'prediction', votes: [{ reputation: '0', value: '0.3' }] }), model);
    expect(view.evidence).toBeNull();
    expect(view.dots).toHaveLength(1);
    expect(view.alt.desc).toContain('No probability: the claim is not applicable');
    expect(view.caption).toContain('A prediction is not scored until it resolves');
  });
});
