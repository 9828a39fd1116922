/**
 * Both verify commands check what a reader sees, not only what the traces say: a trace at another
 * claim's or model's address, a deleted trace, a claim page whose figures were edited and a row of
 * the downloads that differs from its trace each fail, naming the file and the figure; a trace
 * nested thousands of levels deep is named by file, and the counts are still printed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trace } from '../../../src/engine/index.ts';
import { scoreRows, scoresCsv, scoresJson, claimsJson } from '../../../src/lib/publish/exports.ts';
import { looksLikeStackTrace, tempDir } from '../../support/cli.ts';
import { REFERENCE } from '../differential/differential.ts';
import { verifyLines } from '../snapshot/made.ts';
import { repositoryContent, writeSiteLayout } from './layout.ts';

const folders: string[] = [];
let pristine: string;
let count: number;
const SITE = 'https://ledger.example.org';
const A = 'eastbrook-burglaries-fell';
const B = 'eastbrook-lead-limit';
// The two claims the tests change, under every model: every claim's traces are reproduced by both
// verifies in tamper.test.ts, and each run here would only re-derive the others again.
const everything = repositoryContent();
const content = { ...everything, claims: everything.claims.filter(({ slug }) => slug === A || slug === B) };

const read = (dir: string, path: string): Trace => JSON.parse(readFileSync(join(dir, path), 'utf8')) as Trace;

/** A claim page as the site marks its figures: the badge, the summary and `data-field` figures. */
function claimPage(trace: Trace): string {
  const { state, probability } = trace.result;
  const words = state.replaceAll('-', ' ');
  return (
    `<!doctype html><html><head><title>x</title><meta name="description" content="${state}, probability ${probability} under ${trace.model}. The whole working, step by step."></head><body>\n` +
    `<p class="claim-summary">${words.charAt(0).toUpperCase()}${words.slice(1)} (0.3 to below 0.7), at ${probability}: the evidence.</p>\n` +
    `<span class="state state-${state} claim-state" data-state="${state}">${words.charAt(0).toUpperCase()}${words.slice(1)}</span>\n` +
    `<span data-field="result.probability">${probability}</span> <code data-field="model">${trace.model}</code>\n` +
    '</body></html>\n'
  );
}

beforeAll(() => {
  pristine = tempDir('ledger-shown-');
  folders.push(pristine);
  count = writeSiteLayout(pristine, content);
  const models = [content.defaultModel, ...content.models.map((m) => m.id).filter((id) => id !== content.defaultModel)];
  const slugs = content.claims.map((c) => c.slug);
  mkdirSync(join(pristine, 'data'));
  const rows = scoreRows(slugs, models, (slug, model) => read(pristine, `claims/${slug}/${model}/trace.json`), SITE);
  writeFileSync(
    join(pristine, 'data', 'scores.json'),
    scoresJson({ buildDate: '2026-12-01', codeHash: 'sha256:x', defaultModel: content.defaultModel, models }, rows),
  );
  writeFileSync(join(pristine, 'data', 'scores.csv'), scoresCsv(rows));
  const own = (slug: string): Trace => read(pristine, `claims/${slug}/trace.json`);
  writeFileSync(
    join(pristine, 'data', 'claims.json'),
    claimsJson(
      '2026-12-01',
      slugs.map((slug) => ({ slug, inputHash: own(slug).inputHash, claim: own(slug).input })),
    ),
  );
  writeFileSync(join(pristine, 'claims', A, 'index.html'), claimPage(own(A)));
}, 60_000);
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })), 60_000);

function copySite(): string {
  const dir = tempDir('ledger-shown-tampered-');
  folders.push(dir);
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

/** Both implementations' exit codes and lines on a folder. */
async function both(
  dir: string,
): Promise<{ ts: { code: number | null; lines: string[] }; py: { code: number | null; lines: string[] } }> {
  const ts = await verifyLines(dir);
  expect(looksLikeStackTrace(ts.stderr)).toBe(false);
  const run = spawnSync('python3', [REFERENCE, 'verify', dir], { encoding: 'utf8' });
  expect(run.stderr).not.toMatch(/Traceback/);
  return { ts, py: { code: run.status, lines: run.stdout.split('\n').filter(Boolean) } };
}

describe('verify checks what a reader sees', () => {
  it('passes a site whose traces, page and downloads agree', async () => {
    const { ts, py } = await both(pristine);
    expect(ts.lines).toEqual([`${count} traces reproduced, 0 differ`]);
    expect(py.lines).toEqual([`${count} traces reproduced, 0 differ`]);
    expect([ts.code, py.code]).toEqual([0, 0]);
  });

  it("refuses another claim's trace at a claim's address, naming the file and the claim", async () => {
    const dir = copySite();
    const path = `claims/${A}/${content.defaultModel}/trace.json`;
    cpSync(join(dir, `claims/${B}/${content.defaultModel}/trace.json`), join(dir, path));
    const { ts, py } = await both(dir);
    for (const run of [ts, py]) {
      expect(run.code).toBe(1);
      expect(run.lines[0]).toBe(`${count - 1} traces reproduced, 1 differ`);
      expect(run.lines).toContain(`${path}: claim: is "${B}", but this is the address of claim ${A}'s trace`);
    }
  });

  it("refuses the same claim's trace under another model at a model's address", async () => {
    const dir = copySite();
    const other = content.models.find((m) => m.id !== content.defaultModel)!.id;
    const path = `claims/${A}/${content.defaultModel}/trace.json`;
    cpSync(join(dir, `claims/${A}/${other}/trace.json`), join(dir, path));
    const { ts, py } = await both(dir);
    for (const run of [ts, py]) {
      expect(run.code).toBe(1);
      expect(run.lines).toContain(
        `${path}: model: is "${other}", but this is the address of the trace under ${content.defaultModel}`,
      );
    }
  });

  it('counts a deleted trace as missing, naming it', async () => {
    const dir = copySite();
    const model = content.models.at(-1)!.id;
    const path = `claims/${B}/${model}/trace.json`;
    unlinkSync(join(dir, path));
    const { ts, py } = await both(dir);
    for (const run of [ts, py]) {
      expect(run.code).toBe(1);
      expect(run.lines[0]).toBe(`${count - 1} traces reproduced, 0 differ, 1 missing`);
      expect(run.lines).toContain(`${path}: missing: claim ${B} is published but has no trace under ${model}`);
    }
  });

  it("names a claim page's edited figure", async () => {
    const dir = copySite();
    const page = join(dir, 'claims', A, 'index.html');
    const probability = read(dir, `claims/${A}/trace.json`).result.probability!;
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace(
        `<span data-field="result.probability">${probability}</span>`,
        '<span data-field="result.probability">0.0630</span>',
      ),
    );
    const { ts, py } = await both(dir);
    for (const run of [ts, py]) {
      expect(run.code).toBe(1);
      expect(run.lines).toContain(
        `claims/${A}/index.html: result.probability: the page shows "0.0630", the trace holds "${probability}"`,
      );
    }
  });

  it('names a state badge, summary or description edited to another state', async () => {
    const dir = copySite();
    const page = join(dir, 'claims', A, 'index.html');
    const { state, probability } = read(dir, `claims/${A}/trace.json`).result;
    writeFileSync(
      page,
      readFileSync(page, 'utf8')
        .replace(`data-state="${state}">`, 'data-state="very-unlikely">')
        .replace(`content="${state}, probability ${probability}`, 'content="very-unlikely, probability 0.0630'),
    );
    const { ts, py } = await both(dir);
    for (const run of [ts, py]) {
      expect(run.code).toBe(1);
      expect(run.lines.join('\n')).toContain(
        `claims/${A}/index.html: state badge (data-state): the page shows "very-unlikely"`,
      );
      expect(run.lines.join('\n')).toContain(
        `claims/${A}/index.html: <meta description> probability: the page shows "0.0630"`,
      );
    }
  });

  it('names a row of data/scores.json and of data/scores.csv that differs from its trace', async () => {
    const dir = copySite();
    const trace = read(dir, `claims/${A}/${content.defaultModel}/trace.json`);
    const json = join(dir, 'data', 'scores.json');
    const rows = readFileSync(json, 'utf8').split('\n');
    const at = rows.findIndex(
      (line) => line.includes(`"claim": "${A}"`) && line.includes(`"model": "${content.defaultModel}"`),
    );
    rows[at] = rows[at]!.replace(`"probability": "${trace.result.probability}"`, '"probability": "0.0630"');
    writeFileSync(json, rows.join('\n'));
    const csv = join(dir, 'data', 'scores.csv');
    const lines = readFileSync(csv, 'utf8').split('\r\n');
    const row = lines.findIndex((line) => line.startsWith(`${A},`) && line.includes(`,${content.defaultModel},`));
    lines[row] = lines[row]!.replace(`,${trace.result.state},${trace.result.probability},`, `,very-unlikely,0.0630,`);
    writeFileSync(csv, lines.join('\r\n'));
    const { ts, py } = await both(dir);
    const index = (
      JSON.parse(readFileSync(json, 'utf8')) as { scores: { claim: string; model: string }[] }
    ).scores.findIndex((r: { claim: string; model: string }) => r.claim === A && r.model === content.defaultModel);
    for (const run of [ts, py]) {
      expect(run.code).toBe(1);
      expect(run.lines).toContain(
        `data/scores.json: scores[${index}].probability: shows "0.0630" for ${A} under ${content.defaultModel}, its trace holds "${trace.result.probability}"`,
      );
      expect(run.lines).toContain(
        `data/scores.csv: row ${row + 1}.state: shows "very-unlikely" for ${A} under ${content.defaultModel}, its trace holds "${trace.result.state}"`,
      );
    }
  });

  it('names a trace with a field nested 5,000 deep by its file, and still prints the counts', async () => {
    const dir = copySite();
    const path = `claims/${B}/trace.json`;
    const text = readFileSync(join(dir, path), 'utf8');
    writeFileSync(join(dir, path), text.replace(/^\{/, `{"extra": ${'{"a":'.repeat(5000)}1${'}'.repeat(5000)},`));
    const run = await verifyLines(dir);
    expect(looksLikeStackTrace(run.stderr)).toBe(false);
    expect(run.code).toBe(1);
    expect(run.lines[0]).toBe(`${count - 1} traces reproduced, 1 differ`);
    expect(
      run.lines.some(
        (line) => line.startsWith(`${path}: extra.a.a.`) && line.endsWith('nested more than 64 levels deep'),
      ),
    ).toBe(true);
  });
});
