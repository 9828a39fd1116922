import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../../../src/engine/index.ts';
import {
  claimsJson,
  SCORE_COLUMNS,
  scoreRows,
  scoresCsv,
  scoresJson,
  type ScoreRow,
} from '../../../src/lib/publish/exports.ts';
import { strictModel } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';
import { insufficient, notApplicable, scored, SITE } from './fixtures.ts';

// A second model, so that rows come in claim × model order.
const other = strictModel({ version: '0.2.0', priors: { factual: '0.6', statistical: '0.5', causal: '0.3' } });
const traces = new Map<string, Trace>();
for (const t of [scored, insufficient, notApplicable]) {
  traces.set(`${t.claim} ledger-strict@0.1.0`, t);
  traces.set(`${t.claim} ledger-strict@0.2.0`, scoreOf(other, t.input, t.claim));
}
const traceOf = (slug: string, model: string): Trace => traces.get(`${slug} ${model}`)!;
const models = ['ledger-strict@0.2.0', 'ledger-strict@0.1.0'];
const rows = scoreRows(['rates-rose', 'ugly-bridge', 'no-evidence'], models, traceOf, SITE);

describe('score rows', () => {
  it('come by claim slug, then in the models’ given order', () => {
    expect(rows.map((r) => `${r.claim} ${r.model}`)).toEqual([
      'no-evidence ledger-strict@0.2.0',
      'no-evidence ledger-strict@0.1.0',
      'rates-rose ledger-strict@0.2.0',
      'rates-rose ledger-strict@0.1.0',
      'ugly-bridge ledger-strict@0.2.0',
      'ugly-bridge ledger-strict@0.1.0',
    ]);
  });

  it('carry every figure exactly as the trace writes it', () => {
    for (const row of rows) {
      const t = traceOf(row.claim, row.model);
      expect(row).toEqual({
        claim: t.claim,
        statement: t.input.statement,
        recorded: t.input.recorded,
        model: t.model,
        state: t.result.state,
        probability: t.result.probability,
        reason: t.result.reason,
        stability: t.result.stability?.level ?? null,
        stabilitySpread: t.result.stability?.spread ?? null,
        coverage: t.result.coverage.value,
        gradient: t.result.gradient.value,
        gradientStatus: t.result.gradient.status,
        configHash: t.configHash,
        inputHash: t.inputHash,
        page: `https://ledger.test/claims/${t.claim}/${t.model}/`,
        trace: `https://ledger.test/claims/${t.claim}/${t.model}/trace.json`,
      });
    }
  });

  it('give a refusal no probability and no stability', () => {
    const refusal = rows.find((r) => r.claim === 'ugly-bridge')!;
    expect(refusal.state).toBe('not-applicable');
    expect(refusal.probability).toBeNull();
    expect(refusal.stability).toBeNull();
    expect(refusal.reason).toBe(notApplicable.result.reason);
  });
});

describe('scores.csv', () => {
  const csv = scoresCsv(rows);
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });

  it('parses back (RFC 4180) to the rows, null as an empty field', () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...SCORE_COLUMNS]);
    const back = parsed.data.map((r) => Object.fromEntries(SCORE_COLUMNS.map((c) => [c, r[c] === '' ? null : r[c]])));
    expect(back).toEqual(rows);
  });

  it('ends every record, the last one too, with CRLF', () => {
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(rows.length + 2);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('quotes a field holding a comma or quotes, doubling the quotes', () => {
    expect(csv).toContain('"Rates rose 5% & ""fell"" </script><b>, said {the} mayor_1 #2 ~$3^"');
  });

  it('leaves plain fields unquoted', () => {
    expect(csv.split('\r\n')[0]).toBe(SCORE_COLUMNS.join(','));
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1 more', `"'+1 more"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['-cmd', `"'-cmd"`],
  ])('defuses a statement a spreadsheet would run as a formula: %s', (statement, cell) => {
    const row: ScoreRow = { ...rows[0]!, statement };
    expect(scoresCsv([row]).split('\r\n')[1]).toContain(`,${cell},`);
  });

  it.each(['-0.5', '0.4930', '-12'])('leaves the number %s alone', (gradient) => {
    const row: ScoreRow = { ...rows[0]!, gradient };
    const [back] = Papa.parse<Record<string, string>>(scoresCsv([row]), { header: true, skipEmptyLines: true }).data;
    expect(back!['gradient']).toBe(gradient);
  });
});

describe('scores.json', () => {
  const meta = { buildDate: '2026-12-01', codeHash: 'sha256:00', defaultModel: 'ledger-strict@0.2.0', models };
  const doc = JSON.parse(scoresJson(meta, rows)) as Record<string, unknown>;

  it('holds the same rows as the CSV, with what they were scored by', () => {
    expect(doc).toEqual({ exportFormat: 2, ...meta, columns: [...SCORE_COLUMNS], scores: rows });
  });

  it('writes one score row a line, so that a diff of two builds shows the rows that changed', () => {
    const text = scoresJson(meta, rows);
    const rowLines = text
      .split('\n')
      .map((line) => line.trim().replace(/,$/, ''))
      .filter((line) => line.startsWith('{"claim": '));
    expect(rowLines.map((line) => JSON.parse(line) as unknown)).toEqual(rows);
    expect(text.endsWith(']\n}\n')).toBe(true);
  });

  it('keeps numbers as decimal strings and absent values as null', () => {
    const scores = doc['scores'] as Record<string, unknown>[];
    expect(scores.every((s) => s['probability'] === null || typeof s['probability'] === 'string')).toBe(true);
    expect(scores.some((s) => s['probability'] === null)).toBe(true);
  });
});

describe('claims.json', () => {
  const input = [scored, notApplicable].map((t) => ({ slug: t.claim, inputHash: t.inputHash, claim: t.input }));
  const doc = JSON.parse(claimsJson('2026-12-01', input)) as { claims: { slug: string }[] };

  it('lists every claim’s normalised inputs by slug', () => {
    expect(doc).toEqual({
      exportFormat: 2,
      buildDate: '2026-12-01',
      claims: [...input].sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    });
    expect(doc.claims.map((c) => c.slug)).toEqual(['rates-rose', 'ugly-bridge']);
  });

  it('writes two-space JSON with a final newline, one line a link', () => {
    // A claim too long for one line (1,000 characters) is written a field a line, and a link a line.
    const long = { ...input[0]!, claim: { ...input[0]!.claim } };
    const evidence = Array.from({ length: 8 }, (_, i) =>
      long.claim.evidence.map((e) => ({ ...e, id: `${e.id}-${i}` })),
    );
    long.claim = { ...long.claim, evidence: evidence.flat() };
    const text = claimsJson('2026-12-01', [long]);
    expect(text).toMatch(/^\{\n {2}"exportFormat": 2,[\s\S]*\}\n$/);
    const links = long.claim.evidence;
    expect(links.length).toBeGreaterThan(8);
    const linkLines = text
      .split('\n')
      .map((line) => line.trim().replace(/,$/, ''))
      .filter((line) => line.startsWith('{"id": ') && line.includes('"passage": '));
    expect(linkLines.map((line) => JSON.parse(line) as unknown)).toEqual(links);
  });
});
