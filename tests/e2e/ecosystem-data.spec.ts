/**
 * What a data journalist and an editor download: scores.csv, scores.json and claims.json, each
 * row compared with its trace, and the claim and model JSON Schemas.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { claimJsonSchema, modelJsonSchema } from '../../src/lib/publish/jsonSchema.ts';
import { distDir } from '../support/e2e-env.ts';
import { parsedPage, readSiteFile } from '../support/e2e-site.ts';
import { fileOf, pages, siteAddress, traceAt, type Trace } from '../support/e2e-ecosystem.ts';

test.describe('bulk data', () => {
  const COLUMNS = [
    'claim',
    'statement',
    'recorded',
    'model',
    'state',
    'probability',
    'reason',
    'stability',
    'stabilitySpread',
    'coverage',
    'gradient',
    'gradientStatus',
    'configHash',
    'inputHash',
    'page',
    'trace',
  ];

  test('scores.csv parses back to one row per claim and model, each matching its trace', () => {
    const site = siteAddress();
    const csv = readFileSync(join(distDir(), 'data/scores.csv'), 'utf8');
    expect(csv.endsWith('\r\n'), 'CRLF line ends, as RFC 4180 has them').toBe(true);
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(COLUMNS);
    const scores = JSON.parse(readSiteFile('data/scores.json')) as { models: string[]; defaultModel: string };
    const slugs = [...new Set(pages().map((p) => p.slug))].sort();
    expect(parsed.data.map((r) => `${r['claim']} ${r['model']}`)).toEqual(
      slugs.flatMap((slug) => scores.models.map((model) => `${slug} ${model}`)),
    );
    expect(scores.models[0]).toBe(scores.defaultModel);
    for (const row of parsed.data) {
      const file = fileOf(row['trace']!, site);
      expect(file, `${row['claim']} under ${row['model']}: the trace URL is on the site`).not.toBeNull();
      const t = traceAt(file!);
      expect(row, `${row['claim']} under ${row['model']}`).toEqual({
        claim: t.claim,
        statement: t.input.statement,
        recorded: t.input.recorded,
        model: t.model,
        state: t.result.state,
        probability: t.result.probability ?? '',
        reason: t.result.reason ?? '',
        stability: t.result.stability?.level ?? '',
        stabilitySpread: t.result.stability?.spread ?? '',
        coverage: t.result.coverage.value,
        gradient: t.result.gradient.value,
        gradientStatus: t.result.gradient.status,
        configHash: t.configHash,
        inputHash: t.inputHash,
        page: new URL(`/claims/${t.claim}/${t.model}/`, site).href,
        trace: row['trace'],
      });
      expect(
        fileOf(row['page']!, site),
        `${row['claim']} under ${row['model']}: the page is on the site`,
      ).not.toBeNull();
    }
    expect(
      parsed.data.some((r) => r['probability'] === ''),
      'refusals leave the probability empty',
    ).toBe(true);
  });

  test('scores.json holds the same rows as scores.csv', () => {
    const parsed = Papa.parse<Record<string, string>>(readSiteFile('data/scores.csv'), {
      header: true,
      skipEmptyLines: true,
    });
    const doc = JSON.parse(readSiteFile('data/scores.json')) as {
      columns: string[];
      scores: Record<string, string | null>[];
    };
    expect(doc.columns).toEqual(COLUMNS);
    expect(doc.scores.map((r) => Object.fromEntries(COLUMNS.map((c) => [c, r[c] ?? ''])))).toEqual(parsed.data);
  });

  test('claims.json holds every claim’s inputs, as its traces read them', () => {
    const doc = JSON.parse(readSiteFile('data/claims.json')) as {
      claims: { slug: string; inputHash: string; claim: unknown }[];
    };
    const defaults = pages().filter((p) => p.urlModel === null);
    expect(doc.claims.map((c) => c.slug)).toEqual(defaults.map((p) => p.slug).sort());
    for (const entry of doc.claims) {
      const trace = traceAt(`claims/${entry.slug}/trace.json`) as Trace & { input: unknown };
      expect(entry.inputHash, entry.slug).toBe(trace.inputHash);
      expect(entry.claim, entry.slug).toEqual(trace.input);
    }
  });

  test('the home page links the downloads and the feeds', () => {
    const hrefs = parsedPage('index.html')
      .refs.filter((r) => r.tag === 'a')
      .map((r) => r.value);
    for (const path of [
      '/data/scores.csv',
      '/data/scores.json',
      '/data/claims.json',
      '/feeds/claims.xml',
      '/feeds/models.xml',
    ]) {
      expect(hrefs, `the home page links ${path}`).toContain(path);
    }
  });
});

test.describe('schemas for editors', () => {
  test('the site publishes the claim and model JSON Schemas, generated from the zod schemas', () => {
    const site = siteAddress();
    for (const [file, schema] of [
      ['schemas/claim.schema.json', claimJsonSchema(site)],
      ['schemas/model.schema.json', modelJsonSchema(site)],
    ] as const) {
      expect(existsSync(join(distDir(), file)), `${file} is published`).toBe(true);
      expect(JSON.parse(readSiteFile(file)), file).toEqual(schema);
      expect(schema['$id']).toBe(new URL(file, site).href);
    }
  });

  test('/contribute/ links both schemas', () => {
    const refs = parsedPage('contribute/index.html').refs.map((r) => r.value);
    expect(refs).toContain('/schemas/claim.schema.json');
    expect(refs).toContain('/schemas/model.schema.json');
  });
});
