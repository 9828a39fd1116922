import { describe, expect, it } from 'vitest';
import { MANIFEST, sha256Digits } from '../../../src/lib/snapshot/manifest.ts';
import { snapshotName } from '../../../src/lib/snapshot/name.ts';
import { rewriteHtml } from '../../../src/lib/snapshot/rewriteHtml.ts';
import { rewriteCss } from '../../../src/lib/snapshot/rewriteCss.ts';
import { siteStamp, snapshotFiles } from '../../../src/lib/snapshot/snapshot.ts';
import { CODE_HASH, fixtureExtras, fixtureSite, INFO } from './fixture.ts';

const decode = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);

/** Every URL a page or stylesheet references. */
function urlsOf(path: string, text: string): string[] {
  const urls: string[] = [];
  const record = (url: string): string => {
    urls.push(url);
    return url;
  };
  if (path.endsWith('.css')) rewriteCss(text, record);
  else rewriteHtml(text, { url: record });
  return urls;
}

describe('snapshotFiles', () => {
  const snapshot = snapshotFiles(fixtureSite(), INFO, { extras: fixtureExtras() });

  it('holds every file of the site, the reference, README.txt and MANIFEST.sha256', () => {
    const paths = [...snapshot.files.keys()];
    for (const path of fixtureSite().keys()) expect(paths).toContain(path);
    expect(paths).toEqual(
      expect.arrayContaining(['reference/ledger.py', 'reference/README.md', 'README.txt', MANIFEST]),
    );
    expect(snapshot.traces).toBe(2);
    expect(snapshot.problems).toEqual([]);
  });

  it('leaves no link root-relative and none naming a folder', () => {
    for (const [path, bytes] of snapshot.files) {
      if (!/\.(html|css)$/.test(path)) continue;
      for (const url of urlsOf(path, decode(bytes))) {
        if (/^(https?:|#|data:)/.test(url)) continue;
        expect(url, `${path}: ${url}`).not.toMatch(/^\//);
        expect(url.replace(/[?#].*$/, ''), `${path}: ${url}`).not.toMatch(/(^|\/)$/);
      }
    }
  });

  it('rewrites each kind of link to the file it names, keeping anchors', () => {
    const claim = decode(snapshot.files.get('claims/a/index.html'));
    expect(claim).toContain('href="../../index.html"');
    expect(claim).toContain('href="../../models/m@1.0.0/index.html"');
    expect(claim).toContain('href="trace.json" download');
    expect(claim).toContain('href="m@2.0.0/index.html"');
    expect(claim).toContain('href="#probability"');
    expect(claim).toContain('href="https://example.org/source"');
    expect(claim).toContain('<link rel="stylesheet" href="../../katex/katex.min.css">');
    expect(claim).toContain('<script src="../../js/toggle.js" defer></script>');
    expect(decode(snapshot.files.get('claims/a/m@2.0.0/index.html'))).toContain(
      'href="../index.html">show the default model instead',
    );
    expect(decode(snapshot.files.get('index.html'))).toContain('href="claims/a/index.html#probability"');
    expect(decode(snapshot.files.get('_astro/site.css'))).toContain('url(../katex/fonts/KaTeX_Main-Regular.woff2)');
    expect(decode(snapshot.files.get('katex/katex.min.css'))).toBe(decode(fixtureSite().get('katex/katex.min.css')));
  });

  it('lets the pages load their own files from file:// and still forbids inline scripts', () => {
    const home = decode(snapshot.files.get('index.html'));
    expect(home).toContain("script-src 'self' file:;");
    expect(home).toContain("font-src 'self' file:;");
    expect(home).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('copies traces, models, fonts and scripts byte for byte', () => {
    for (const path of [
      'claims/a/trace.json',
      'models/m@1.0.0/model.json',
      'katex/fonts/KaTeX_Main-Regular.woff2',
      'js/toggle.js',
    ]) {
      expect(snapshot.files.get(path)).toEqual(fixtureSite().get(path));
    }
  });

  it('lists every file but itself in MANIFEST.sha256, sorted, in sha256sum format', () => {
    const lines = decode(snapshot.files.get(MANIFEST)).trimEnd().split('\n');
    const listed = lines.map((line) => /^([0-9a-f]{64}) {2}(.+)$/.exec(line)!);
    expect(listed.every(Boolean)).toBe(true);
    const paths = listed.map((m) => m[2]!);
    expect(paths).toEqual([...snapshot.files.keys()].filter((p) => p !== MANIFEST).sort());
    for (const m of listed) expect(m[1]).toBe(sha256Digits(snapshot.files.get(m[2]!)!));
  });

  it('writes a README.txt that says what it is, when, from which commit, and how to check it', () => {
    const readme = decode(snapshot.files.get('README.txt'));
    for (const needle of [
      '2026-11-30',
      INFO.commit!,
      'm@1.0.0',
      CODE_HASH,
      'index.html',
      'python3 reference/ledger.py verify .',
      'sha256sum -c MANIFEST.sha256',
    ]) {
      expect(readme).toContain(needle);
    }
  });

  it('warns about links to files the site does not have', () => {
    expect(snapshot.warnings).toEqual(['spec/index.html is linked from index.html but the site does not have it']);
  });

  it('refuses pages and scripts that cannot work from file://', () => {
    const site = fixtureSite();
    site.set(
      'claims/a/index.html',
      new TextEncoder().encode('<script type="module" src="/_astro/hoisted.js"></script>'),
    );
    site.set('js/toggle.js', new TextEncoder().encode('fetch("/claims/a/trace.json").then(r => r.json());'));
    const { problems } = snapshotFiles(site, INFO, { extras: fixtureExtras() });
    expect(problems).toEqual([
      'claims/a/index.html: a module script (/_astro/hoisted.js) cannot run from file://; use a classic script from public/js/',
      'js/toggle.js: calls fetch(), which cannot load files from file://',
    ]);
  });

  it('copies, and does not judge, scripts no page loads (such as Astro’s content-assets.mjs)', () => {
    const site = fixtureSite();
    site.set('content-assets.mjs', new TextEncoder().encode('export default new Map();\n'));
    const { problems, files } = snapshotFiles(site, INFO, { extras: fixtureExtras() });
    expect(problems).toEqual([]);
    expect(files.get('content-assets.mjs')).toEqual(site.get('content-assets.mjs'));
  });

  it('refuses a site that already has a README.txt or a manifest', () => {
    const site = fixtureSite();
    site.set('README.txt', new Uint8Array());
    expect(snapshotFiles(site, INFO, { extras: fixtureExtras() }).problems).toEqual([
      'README.txt: the site has a file where the snapshot writes its own',
    ]);
  });

  it('counts progress file by file', () => {
    const seen: string[] = [];
    snapshotFiles(fixtureSite(), INFO, {
      extras: fixtureExtras(),
      progress: (done, total) => seen.push(`${done} of ${total}`),
    });
    expect(seen.at(-1)).toBe(`${fixtureSite().size} of ${fixtureSite().size}`);
  });
});

describe('siteStamp', () => {
  it("reads the default model and code hash from the default model's traces", () => {
    expect(siteStamp(fixtureSite())).toEqual({ defaultModel: 'm@1.0.0', codeHash: CODE_HASH });
  });

  it('says so when the site has no claim traces', () => {
    expect(siteStamp(new Map([['index.html', new Uint8Array()]]))).toEqual({
      problem: 'no claims/<slug>/trace.json: the site has no claims, or was not built',
    });
  });
});

describe('snapshotName', () => {
  it('names the date, the default model and 12 hex digits of the code hash', () => {
    expect(snapshotName(INFO)).toBe('claim-ledger-2026-11-30-m@1.0.0-ab12ab12ab12');
  });
});
