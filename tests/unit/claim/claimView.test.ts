import { describe, expect, it } from 'vitest';
import { createScorer, type Claim, type Model } from '../../../src/engine/index.ts';
import {
  coverageView,
  fieldAt,
  fieldOf,
  gradientView,
  gradientVsEvidence,
  groupsView,
  linkRows,
  modelRows,
  multipliedOut,
  pageDescription,
  pageTitle,
  probabilityPercent,
  renderNote,
  shorten,
  stabilityView,
  stateLean,
  sumTerms,
  thresholdRows,
  traceJson,
} from '../../../src/lib/claim/claimView.ts';
import { claim, review } from '../../support/claim.ts';
import { strictModel, withLevels } from '../../support/model.ts';
import { TEST_CODE_HASH } from '../../support/score.ts';

const strict = strictModel();
const scoreUnder = (model: Model, c: Claim, slug = 'a-claim') => createScorer(model, TEST_CODE_HASH).score(slug, c);
const score = (c: Claim) => scoreUnder(strict, c);

const official = { relevance: 'states-outright', observation: 'official-record' } as const;
const lab = score(
  claim({
    author: 'r.okafor',
    links: [
      { id: 'q1', source: 'lab', ...official },
      { id: 'q2', source: 'lab', ...official },
      { id: 'audit', source: 'inspectorate', relevance: 'bears-directly', observation: 'official-record' },
      {
        id: 'blog',
        source: 'blog',
        direction: 'opposes',
        relevance: 'touches-subject',
        observation: 'second-hand-report',
        steps: 1,
        authenticity: 'doubted',
        extraction: 'doubted',
      },
    ],
    reviews: [
      review('primary-source-reviewed', 'r.okafor'),
      review('opposing-search-done', 'm.ito'),
      review('made-up-check', 'm.ito'),
    ],
    votes: [{ voter: 'm.ito', reputation: '800', value: '0.9' }],
  }),
);

describe('fieldAt reads a trace by dotted path', () => {
  it.each([
    ['result.state', 'very-likely'],
    ['links.0.weight', '1.800000'],
    ['result.coverage.done', '1'],
    ['working.gradient.votes.0.weight', '6.685861'],
    ['traceFormat', '1'],
  ])('%s reads %s', (path, text) => expect(fieldAt(lab, path)).toEqual({ path, text }));

  it('gives null for a null value, so nothing is rendered for it', () => {
    expect(fieldAt(lab, 'result.reason')).toBeNull();
    expect(() => fieldOf(lab, 'result.reason')).toThrow(/null/);
  });

  it('stops the build for a path the trace does not have or that is not one value', () => {
    expect(() => fieldAt(lab, 'result.nope')).toThrow(/no field result.nope/);
    expect(() => fieldAt(lab, 'links.9.weight')).toThrow(/no field/);
    expect(() => fieldAt(lab, 'result.stability')).toThrow(/not a single value/);
  });
});

describe('each link multiplied out', () => {
  it('writes the five factors and the weight', () => {
    expect(multipliedOut(lab, 0).text).toBe('2 × 0.9 × 1 × 1 × 1 = 1.800000');
    expect(multipliedOut(lab, 2).text).toBe('1 × 0.9 × 1 × 1 × 1 = 0.900000');
  });

  it('shows the exact product before the rounded weight when rounding changed it', () => {
    // 0.3 × 0.35 × 0.85 × 0.5 × 0.5 = 0.0223125, a tie at 6 places that half-even rounds down.
    const blog = multipliedOut(lab, 3);
    expect(blog.text).toBe('0.3 × 0.35 × 0.85 × 0.5 × 0.5 = 0.0223125 ≈ 0.022312');
    expect(blog).toMatchObject({
      factors: '0.3 × 0.35 × 0.85 × 0.5 × 0.5 =',
      exact: '0.0223125',
      weight: { path: 'links.3.weight', text: '0.022312' },
    });
  });

  it('names the kept link for a dependent one and carries every factor with its path', () => {
    const rows = linkRows(lab, strict);
    expect(rows.map((r) => [r.anchor, r.kept, r.keptLink?.id.text ?? null])).toEqual([
      ['link-q1', true, null],
      ['link-q2', false, 'q1'],
      ['link-audit', true, null],
      ['link-blog', true, null],
    ]);
    expect(rows[1]!.keptLink).toEqual({ id: { path: 'links.1.keptLink', text: 'q1' }, anchor: 'link-q1' });
    // Levels in words (docs/design.md §6: never ids); the interpretation steps are a figure of the trace.
    const level = (f: (typeof rows)[number]['factors'][number]): string =>
      'words' in f.level ? f.level.words : `${f.level.steps.text} ${f.level.unit}`;
    expect(rows[0]!.factors.map((f) => [f.name, level(f), f.factor.text])).toEqual([
      ['relevance', 'states outright', '2'],
      ['observation', 'official record', '0.9'],
      ['interpretation', '0 steps', '1'],
      ['authenticity', 'unverified', '1'],
      ['extraction', 'unverified', '1'],
    ]);
    expect(rows[0]!.factors[2]!.level).toMatchObject({ steps: { path: 'working.links.0.interpretation.steps' } });
    expect(rows[0]!.factors[0]!.factor.path).toBe('working.links.0.relevance.factor');
    expect(rows[0]!.source).toMatchObject({
      id: 'lab',
      name: { path: 'input.sources.0.name', text: 'Source lab' },
      url: null,
    });
    expect(rows[0]!.passage).toEqual({ path: 'input.evidence.0.passage', text: 'Passage of q1.' });
  });

  it('explains the interpretation factor only when there were steps, and names the floor when it applied', () => {
    const rows = linkRows(lab, strict);
    expect(rows[0]!.factors[2]!.detail).toBeNull();
    expect(rows[3]!.factors[2]).toMatchObject({ level: { unit: 'step' }, detail: '1 − 0.15 × 1 = 0.85' });
    const floored = scoreUnder(
      strictModel({ interpretation: { stepCost: '0.15', floor: '0.1' } }),
      claim({ links: [{ id: 'far', steps: 8 }] }),
    );
    expect(
      linkRows(floored, strictModel({ interpretation: { stepCost: '0.15', floor: '0.1' } }))[0]!.factors[2],
    ).toMatchObject({
      level: { unit: 'steps' },
      detail: '1 − 0.15 × 8 = −0.2, raised to the floor 0.1',
      factor: { text: '0.1' },
    });
  });
});

describe('independence groups', () => {
  it('lists each (source, direction) group with its kept and dependent links', () => {
    const view = groupsView(lab);
    expect(view.everyLinkCounts).toBe(false);
    expect(view.dependentCount).toBe(1);
    // Three (source, direction) groups and q2 set aside, written as one string with its comma.
    expect(view.caption).toBe('3 groups, 1 dependent link set aside');
    expect(
      view.groups.map((g) => [g.source.id, g.direction, g.members.map((m) => [m.id, m.kept, m.keptAnchor])]),
    ).toEqual([
      [
        'lab',
        'supports',
        [
          ['q1', true, null],
          ['q2', false, 'link-q1'],
        ],
      ],
      ['inspectorate', 'supports', [['audit', true, null]]],
      ['blog', 'opposes', [['blog', true, null]]],
    ]);
  });

  it('says every link counts under count-every-link', () => {
    const counted = strictModel({ independence: 'count-every-link' });
    const view = groupsView(
      scoreUnder(
        counted,
        claim({
          links: [
            { id: 'a', source: 's' },
            { id: 'b', source: 's' },
          ],
        }),
      ),
    );
    expect(view.everyLinkCounts).toBe(true);
    expect(view.caption).toBe('1 group');
    expect(view.groups[0]!.members.every((m) => m.kept)).toBe(true);
  });

  it('sums only the kept links, each direction on its side', () => {
    const terms = sumTerms(lab);
    expect(terms.supporting.map((t) => t.id)).toEqual(['q1', 'audit']);
    expect(terms.opposing.map((t) => [t.id, t.weight.text])).toEqual([['blog', '0.022312']]);
  });
});

describe('state thresholds', () => {
  it('marks the row the claim falls in and places it on the scale', () => {
    const rows = thresholdRows(lab, strict);
    expect(rows.filter((r) => r.current).map((r) => (typeof r.state === 'string' ? r.state : r.state.text))).toEqual([
      'very-likely',
    ]);
    expect(rows.map((r) => r.range)).toEqual([
      '0 ≤ p < 0.1',
      '0.1 ≤ p < 0.3',
      '0.3 ≤ p < 0.7',
      '0.7 ≤ p < 0.9',
      '0.9 ≤ p ≤ 1',
    ]);
    expect(rows.map((r) => [r.start, r.width])).toEqual([
      ['0', '10'],
      ['10', '20'],
      ['30', '40'],
      ['70', '20'],
      ['90', '10'],
    ]);
    expect(rows[4]!.from).toEqual({ path: 'working.state.thresholds.4.from', text: '0.9' });
    expect(probabilityPercent(lab)).toBe(String(Number(lab.result.probability) * 100));
  });

  it('shows the model’s own thresholds, with no row marked, for a refusal', () => {
    const refused = score(claim({ type: 'prediction' }));
    const rows = thresholdRows(refused, strict);
    expect(rows.some((r) => r.current)).toBe(false);
    expect(rows[0]!.state).toBe('very-unlikely');
    expect(probabilityPercent(refused)).toBeNull();
  });
});

describe('stability', () => {
  it('reads both re-scores, marks the highest and lowest and says why the level is what it is', () => {
    const view = stabilityView(lab, strict)!;
    expect(view.rescores.map((r) => [r.scale.text, r.highest, r.lowest])).toEqual([
      ['0.7', false, true],
      ['1.3', true, false],
    ]);
    expect(view.rescores.map((r) => r.expression)).toEqual([
      `0.000000 + 0.7 × ${lab.working.sum!.kept}`,
      `0.000000 + 1.3 × ${lab.working.sum!.kept}`,
    ]);
    expect([view.largest.path, view.smallest.path]).toEqual([
      'working.stability.rescores.1.probability',
      'working.stability.rescores.0.probability',
    ]);
    expect(view.rescores[0]!.probability.path).toBe('working.stability.rescores.0.probability');
    expect(view.capped).toBe(false);
    expect(view.why).toMatch(/^The spread \d\.\d{4} is (within|above)/);
  });

  it('explains the cap when too few distinct sources count', () => {
    const weak = score(claim({ links: [{ id: 'rumour', relevance: 'touches-subject', observation: 'rumour' }] }));
    const view = stabilityView(weak, strict)!;
    expect(view).toMatchObject({ capped: true, measuredLevel: 'high', level: { text: 'medium' } });
    expect(view.why).toContain(
      'come from 1 distinct source, fewer than the 2 this model requires for high, so it is capped at medium',
    );
    const against = stabilityView(
      score(claim({ type: 'causal', links: [{ id: 'x', direction: 'opposes' }] })),
      strict,
    )!;
    expect(against.rescores[0]!.expression).toBe('−0.847298 + 0.7 × (−1.000000)');
  });

  it('shows the log-odds column with the weights’ places, as the issue’s “-0.7” beside 6-place values asks', () => {
    // A factual claim starts at 0.000000; one opposing link of weight 1.000000 re-scored at 0.7 is
    // 0 + 0.7 × (−1) = −0.7 exactly, which the trace writes "-0.7" and the page shows as −0.700000.
    const view = stabilityView(score(claim({ links: [{ id: 'x', direction: 'opposes' }] })), strict)!;
    expect(view.rescores.map((r) => r.logOdds.text)).toEqual(['-0.7', '-1.3']);
    expect(view.rescores[0]!.expression).toBe('0.000000 + 0.7 × (−1.000000)');
    expect(view.columns).toEqual({ scale: 1, logOdds: 6 });
  });

  it('is absent for a refusal', () => {
    expect(stabilityView(score(claim({ type: 'prediction' })), strict)).toBeNull();
  });
});

describe('coverage', () => {
  it('counts others’ declared checks and shows the author’s and undeclared ones as not counted', () => {
    const view = coverageView(lab);
    expect([view.done.text, view.declared.text, view.value.text]).toEqual(['1', '4', '0.25']);
    expect(view.checks.map((c) => [c.check.text, c.done])).toEqual([
      ['primary-source-reviewed', false],
      ['opposing-search-done', true],
      ['independence-reviewed', false],
      ['qualifiers-reviewed', false],
    ]);
    expect(view.reviews.map((r) => [r.check.text, r.words])).toEqual([
      ['primary-source-reviewed', 'by the author: shown, not counted'],
      ['opposing-search-done', 'counted'],
      ['made-up-check', 'not a check this model declares: shown, not counted'],
    ]);
  });
});

describe('the gradient beside the evidence', () => {
  it('reads each vote’s ln(1 + r) at the weight’s places, its weight, the totals and each column’s places', () => {
    const view = gradientView(
      score(
        claim({
          votes: [
            { reputation: '800', value: '0.9' },
            { reputation: '0', value: '0.2' },
          ],
        }),
      ),
      strict,
    );
    expect(view.votes.map((v) => [v.reputation.text, v.ln, v.floored, v.weight.text])).toEqual([
      ['800', '6.685860…', false, '6.685861'],
      ['0', '0.000000', true, '0.100000'],
    ]);
    // One number of places a column: v × w is 0.9 × 6.685861 = 6.0172749 and 0.2 × 0.100000 = 0.02,
    // so the column shows 7 places (0.0200000), the exact products padded, never rounded.
    expect(view.votes.map((v) => v.weighted.text)).toEqual(['6.0172749', '0.02']);
    expect(view.columns).toEqual({ reputation: 0, weight: 6, value: 1, weighted: 7 });
    expect(view.votes[1]!.weight.path).toBe('working.gradient.votes.1.weight');
    expect(view.noVotes).toBe(false);
  });

  it('says so when nobody has voted', () => {
    const view = gradientView(score(claim({ links: [{ id: 'a' }] })), strict);
    expect(view).toMatchObject({ noVotes: true, value: { text: '0.5000' }, status: { text: 'no-votes' } });
    expect(view.statusWords).toBe('no votes');
  });

  it('says "1 vote" for one vote and "2 votes" for two, with the status in words', () => {
    // One vote of 0.9 gives G = 0.9 ≥ trueFrom 0.8: consensus true. Votes 0.9 and 0.1 of equal
    // reputation give G = 0.5, between 0.2 and 0.8: contested.
    const one = score(claim({ links: [{ id: 'a' }], votes: [{ reputation: '10', value: '0.9' }] }));
    expect(gradientView(one, strict).statusWords).toBe('consensus true, from 1 vote');
    const two = score(
      claim({
        links: [{ id: 'a' }],
        votes: [
          { reputation: '10', value: '0.9' },
          { reputation: '10', value: '0.1' },
        ],
      }),
    );
    expect(gradientView(two, strict).statusWords).toBe('contested, from 2 votes');
  });

  it.each([
    ['likely', 'true'],
    ['very-likely', 'true'],
    ['unlikely', 'false'],
    ['very-unlikely', 'false'],
    ['uncertain', 'neither'],
    ['insufficient-evidence', 'neither'],
  ])('the state %s leans %s', (state, lean) => expect(stateLean(state, strict.states)).toBe(lean));

  // A model names its own states: the lean comes from where each one sits against one half.
  const renamed = [
    { from: '0', state: 'doubtful' },
    { from: '0.5', state: 'open' },
    { from: '0.6', state: 'probable' },
  ];
  it.each([
    ['doubtful', 'false'],
    ['open', 'neither'],
    ['probable', 'true'],
    ['likely', 'neither'],
  ])('under renamed states, %s leans %s', (state, lean) => expect(stateLean(state, renamed)).toBe(lean));

  const strongly = (direction: 'supports' | 'opposes') => [
    { id: 'a', source: 'a', direction, ...official },
    { id: 'b', source: 'b', direction, ...official },
  ];
  const votes = (value: string) => [
    { reputation: '800', value },
    { reputation: '200', value },
  ];
  it.each([
    ['consensus-true against a very-unlikely score', strongly('opposes'), votes('0.9'), 'disagree'],
    ['consensus-false against a very-likely score', strongly('supports'), votes('0.1'), 'disagree'],
    ['consensus-true with a very-likely score', strongly('supports'), votes('0.9'), 'agree'],
    ['a contested gradient', strongly('supports'), votes('0.5'), 'no-consensus'],
    [
      'consensus with an uncertain score',
      [{ id: 'a', relevance: 'touches-subject' }],
      votes('0.9'),
      'evidence-undecided',
    ],
    ['no votes', strongly('supports'), [], 'no-votes'],
  ] as const)('%s is %s', (_, links, claimVotes, kind) => {
    const comparison = gradientVsEvidence(score(claim({ links, votes: claimVotes })));
    expect(comparison.kind).toBe(kind);
  });

  it('names both numbers when they disagree', () => {
    const trace = score(claim({ links: strongly('opposes'), votes: votes('0.9') }));
    expect(trace.result.state).toBe('very-unlikely');
    expect(gradientVsEvidence(trace).sentence).toBe(
      `The community and the evidence disagree: the gradient is consensus true (0.9000) but the evidence says very unlikely (${trace.result.probability}). The score follows the evidence; the votes are shown beside it, never mixed in.`,
    );
  });

  it('has nothing to compare for a refusal', () => {
    expect(gradientVsEvidence(score(claim({ type: 'prediction', votes: votes('0.9') }))).kind).toBe('no-score');
  });
});

describe('the claim under every model', () => {
  it('lists each model’s own result, marks this page’s model and links to each page', () => {
    const lenient = withLevels(strictModel({ name: 'ledger-lenient', version: '1.0.0' }), 'relevance', {});
    const c = claim({ links: [{ id: 'a', ...official }] });
    const traces = [
      scoreUnder(strict, c, 'slug'),
      scoreUnder(lenient, c, 'slug'),
      scoreUnder(strictModel({ name: 'ledger-none', priors: {} }), c, 'slug'),
    ];
    const rows = modelRows(traces, 'ledger-lenient@1.0.0', 'ledger-strict@0.1.0');
    expect(rows.map((r) => [r.model, r.current, r.isDefault, r.href])).toEqual([
      ['ledger-strict@0.1.0', false, true, '/claims/slug/ledger-strict@0.1.0/'],
      ['ledger-lenient@1.0.0', true, false, '/claims/slug/ledger-lenient@1.0.0/'],
      ['ledger-none@0.1.0', false, false, '/claims/slug/ledger-none@0.1.0/'],
    ]);
    expect(rows[2]).toMatchObject({ state: 'not-applicable', probability: null, stability: null, coverage: '0 of 4' });
  });
});

describe('the page around the working', () => {
  it('publishes the trace as one line of JSON with a final newline, its line in JSON Lines', () => {
    const json = traceJson(lab);
    expect(json.indexOf('\n')).toBe(json.length - 1);
    expect(json.startsWith(`{"traceFormat":1,"claim":"${lab.claim}","model":"ledger-strict@0.1.0",`)).toBe(true);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(lab)));
  });

  it('titles the page with the statement shortened and the model', () => {
    expect(pageTitle(lab)).toBe('A test claim. — under ledger-strict@0.1.0');
    expect(shorten('The Eastbrook water plant met the 2025 lead limit in every quarterly test.', 40)).toBe(
      'The Eastbrook water plant met the 2025…',
    );
    expect(shorten('short', 40)).toBe('short');
  });

  it('describes the state and probability, or the refusal', () => {
    expect(pageDescription(lab)).toBe(
      `Very likely, probability ${lab.result.probability} under ledger-strict@0.1.0. The whole working, step by step.`,
    );
    expect(pageDescription(score(claim({ type: 'prediction' })))).toBe(
      'Not applicable under ledger-strict@0.1.0: A prediction is not scored until it resolves.',
    );
  });
});

describe('the claim’s note', () => {
  it.each([
    [
      'escapes raw HTML',
      'Hi <script>alert(1)</script> <b onclick="x">b</b>',
      '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &lt;b onclick=&quot;x&quot;&gt;b&lt;/b&gt;</p>',
    ],
    ['escapes an HTML block', '<div>raw</div>', '<p>&lt;div&gt;raw&lt;/div&gt;</p>'],
    ['drops a javascript: link', '[x](javascript:alert(1))', '<p><a href="">x</a></p>'],
    [
      'keeps an https link',
      '[lab](https://example.org/a?b=1&c=2)',
      '<p><a href="https://example.org/a?b=1&amp;c=2">lab</a></p>',
    ],
    ['loads no image', '![chart](https://example.org/c.png)', '<p>!<a href="https://example.org/c.png">chart</a></p>'],
    ['makes no heading', '# Big', '<p># Big</p>'],
    ['renders emphasis and code', 'a *b* `c`', '<p>a <em>b</em> <code>c</code></p>'],
  ])('%s', (_, markdown, html) => expect(renderNote(markdown).trim()).toBe(html));
});
