import { unzipSync } from 'fflate';
import { WARCParser } from 'warcio';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Digits } from '../../../src/lib/snapshot/manifest.ts';
import {
  INDEX_PATH,
  makeWacz,
  PAGES_PATH,
  htmlTitle,
  recordId,
  siteUrl,
  WARC_PATH,
  type Wacz,
} from '../../../src/lib/snapshot/wacz.ts';
import { fixtureSite } from './fixture.ts';

const decode = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);
const INFO = {
  origin: 'https://claim-ledger.example.org',
  date: '2026-11-30',
  title: 'the claim ledger, 2026-11-30',
  description: 'A test.',
  software: 'tests',
};

interface IndexLine {
  readonly surt: string;
  readonly timestamp: string;
  readonly fields: {
    url: string;
    mime: string;
    status: string;
    digest: string;
    length: string;
    offset: string;
    filename: string;
  };
}

interface ReadRecord {
  readonly type: string | undefined;
  readonly url: string | null | undefined;
  readonly date: string | null | undefined;
  readonly status: string | number | undefined;
  readonly payload: Uint8Array;
}

/** Reads every WARC record in some bytes. */
async function readRecords(bytes: Uint8Array): Promise<ReadRecord[]> {
  const records: ReadRecord[] = [];
  for await (const record of new WARCParser([bytes])) {
    records.push({
      type: record.warcType,
      url: record.warcTargetURI,
      date: record.warcDate,
      status: record.httpHeaders?.statusCode,
      payload: await record.readFully(true),
    });
  }
  return records;
}

describe('makeWacz', () => {
  const site = fixtureSite();
  let wacz: Wacz;
  let files: Record<string, Uint8Array>;
  let index: IndexLine[];
  beforeAll(async () => {
    wacz = await makeWacz(site, INFO);
    files = unzipSync(wacz.bytes);
    index = decode(files[INDEX_PATH])
      .trimEnd()
      .split('\n')
      .map((line) => {
        const [surt, timestamp, ...json] = line.split(' ');
        return { surt: surt!, timestamp: timestamp!, fields: JSON.parse(json.join(' ')) as IndexLine['fields'] };
      });
  });

  it('holds the files WACZ 1.1.1 requires, and nothing else', () => {
    expect(Object.keys(files).sort()).toEqual([
      'archive/data.warc.gz',
      'datapackage-digest.json',
      'datapackage.json',
      'indexes/index.cdx',
      'pages/pages.jsonl',
    ]);
  });

  it('stores the WARC without compressing it again', () => {
    const methods: Record<string, number> = {};
    unzipSync(wacz.bytes, { filter: (file) => ((methods[file.name] = file.compression), true) });
    expect(methods[WARC_PATH]).toBe(0);
  });

  it('describes itself in datapackage.json, with the hash and size of every resource', () => {
    const data = JSON.parse(decode(files['datapackage.json'])) as Record<string, unknown> & {
      resources: { name: string; path: string; hash: string; bytes: number }[];
    };
    expect(data).toMatchObject({
      profile: 'data-package',
      wacz_version: '1.1.1',
      created: '2026-11-30T00:00:00Z',
      software: 'tests',
      title: INFO.title,
      mainPageUrl: 'https://claim-ledger.example.org/',
    });
    expect(data.resources.map((r) => r.path)).toEqual([WARC_PATH, INDEX_PATH, PAGES_PATH]);
    for (const resource of data.resources) {
      const bytes = files[resource.path]!;
      expect(resource.name).toBe(resource.path.split('/').pop());
      expect(resource.hash).toBe(`sha256:${sha256Digits(bytes)}`);
      expect(resource.bytes).toBe(bytes.length);
    }
  });

  it('hashes datapackage.json in datapackage-digest.json', () => {
    expect(JSON.parse(decode(files['datapackage-digest.json']))).toEqual({
      path: 'datapackage.json',
      hash: `sha256:${sha256Digits(files['datapackage.json']!)}`,
    });
  });

  it('lists every HTML page of the site in pages.jsonl, after its header line', () => {
    const [header, ...pages] = decode(files[PAGES_PATH])
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(header).toEqual({ format: 'json-pages-1.0', id: 'pages', title: INFO.title });
    const htmlFiles = [...site.keys()].filter((path) => path.endsWith('.html'));
    expect(pages.map((p) => p['url']).sort()).toEqual(htmlFiles.map((path) => siteUrl(INFO.origin, path)).sort());
    for (const page of pages) expect(page).toMatchObject({ ts: '2026-11-30T00:00:00Z' });
    expect(pages[0]!['url']).toBe('https://claim-ledger.example.org/');
    expect(pages.find((p) => p['url'] === 'https://claim-ledger.example.org/models/m@1.0.0/')?.['title']).toBe(
      'Model m@1.0.0 & friends · the claim ledger',
    );
    expect(wacz.pages).toBe(htmlFiles.length);
  });

  it('indexes one record per file of the site, sorted by SURT, under the build date', () => {
    expect(index.map((line) => line.fields.url).sort()).toEqual(
      [...site.keys()].map((path) => siteUrl(INFO.origin, path)).sort(),
    );
    const lines = decode(files[INDEX_PATH]).trimEnd().split('\n');
    expect(lines).toEqual([...lines].sort());
    for (const line of index) {
      expect(line.surt.startsWith('org,example,claim-ledger)/')).toBe(true);
      expect(line.timestamp).toBe('20261130000000');
      expect(line.fields).toMatchObject({ status: '200', filename: 'data.warc.gz' });
    }
    expect(wacz.records).toBe(site.size);
  });

  it('points every index entry at a gzip member holding exactly that response', async () => {
    const warc = files[WARC_PATH]!;
    for (const line of index) {
      const offset = Number(line.fields.offset);
      const length = Number(line.fields.length);
      expect(warc[offset]).toBe(0x1f);
      expect(warc[offset + 1]).toBe(0x8b);
      const records = await readRecords(warc.slice(offset, offset + length));
      expect(records).toHaveLength(1);
      const path = [...site.keys()].find((p) => siteUrl(INFO.origin, p) === line.fields.url)!;
      expect(records[0]).toMatchObject({
        type: 'response',
        url: line.fields.url,
        date: '2026-11-30T00:00:00Z',
        status: 200,
      });
      expect(records[0]!.payload).toEqual(site.get(path));
      expect(line.fields.digest).toBe(`sha256:${sha256Digits(site.get(path)!)}`);
    }
  });

  it('starts the WARC with a warcinfo record and reads through as one file', async () => {
    const records = await readRecords(files[WARC_PATH]!);
    expect(records[0]!.type).toBe('warcinfo');
    expect(records.slice(1).map((r) => r.type)).toEqual(Array(site.size).fill('response'));
  });

  it('is the same bytes when made twice', async () => {
    expect((await makeWacz(site, INFO)).bytes).toEqual(wacz.bytes);
  });
});

describe('the pieces of a WACZ', () => {
  it.each([
    ['index.html', 'https://claim-ledger.example.org/'],
    ['claims/a/index.html', 'https://claim-ledger.example.org/claims/a/'],
    ['claims/a/trace.json', 'https://claim-ledger.example.org/claims/a/trace.json'],
    ['models/m@1.0.0/model.json', 'https://claim-ledger.example.org/models/m@1.0.0/model.json'],
    ['404.html', 'https://claim-ledger.example.org/404.html'],
  ])('serves %s at %s', (path, url) => {
    expect(siteUrl('https://claim-ledger.example.org/', path)).toBe(url);
  });

  it('derives record ids from names, in UUID form', () => {
    expect(recordId('a')).toBe(recordId('a'));
    expect(recordId('a')).not.toBe(recordId('b'));
    expect(recordId('a')).toMatch(/^<urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}>$/);
  });

  it("reads a page's title", () => {
    expect(htmlTitle('<head><title>\n  A &amp; B\n</title></head>')).toBe('A & B');
    expect(htmlTitle('<p>no title</p>')).toBeNull();
  });
});
