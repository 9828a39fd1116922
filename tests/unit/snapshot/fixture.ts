/** A small built site, made in code, with the shapes a snapshot must handle. */
import type { SnapshotInfo } from '../../../src/lib/snapshot/name.ts';

const encoder = new TextEncoder();
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; object-src 'none'; base-uri 'none'";
export const CODE_HASH = `sha256:${'ab12'.repeat(16)}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}"><title>${title} · the claim ledger</title><link rel="stylesheet" href="/katex/katex.min.css"><link rel="stylesheet" href="/_astro/site.css"></head><body><nav><a href="/">Claims</a> <a href="/models/m@1.0.0/">Model</a></nav><main>${body}</main><script src="/js/toggle.js" defer></script></body></html>\n`;
}

function trace(model: string): string {
  return `${JSON.stringify({ traceFormat: 1, claim: 'a', model, configHash: 'sha256:00', inputHash: 'sha256:11', codeHash: CODE_HASH, result: { state: 'likely', probability: '0.9370' } }, null, 2)}\n`;
}

/** The fixture's files, by path, as a build would have written them. */
export function fixtureSite(): Map<string, Uint8Array> {
  const text: Record<string, string> = {
    'index.html': page(
      'Claims',
      '<a href="/claims/a/">Claim A</a> <a href="/claims/a/#probability">its probability</a> <a href="/spec/">Specification</a>',
    ),
    '404.html': page('Not found', '<a href="/">Home</a>'),
    'claims/a/index.html': page(
      'Claim A',
      '<h2 id="probability">Probability <a href="#probability">link</a></h2><a href="/claims/a/trace.json" download>trace</a> <a href="/claims/a/m@2.0.0/">under m@2.0.0</a> <a href="https://example.org/source">source</a>',
    ),
    'claims/a/trace.json': trace('m@1.0.0'),
    'claims/a/m@2.0.0/index.html': page(
      'Claim A under m@2.0.0',
      '<a href="/claims/a/">show the default model instead</a>',
    ),
    'claims/a/m@2.0.0/trace.json': trace('m@2.0.0'),
    'models/m@1.0.0/index.html': page(
      'Model m@1.0.0 &amp; friends',
      '<a href="/models/m@1.0.0/model.json">model.json</a> <a href="/compare/m@1.0.0/m@2.0.0/">compare</a>',
    ),
    'models/m@1.0.0/model.json': '{"id":"m@1.0.0"}\n',
    'models/m@2.0.0/index.html': page('Model m@2.0.0', ''),
    'models/m@2.0.0/model.json': '{"id":"m@2.0.0"}\n',
    'compare/m@1.0.0/m@2.0.0/index.html': page('m@1.0.0 and m@2.0.0', '<a href="/models/m@2.0.0/">m@2.0.0</a>'),
    'katex/katex.min.css':
      '@font-face{font-family:KaTeX_Main;src:url(fonts/KaTeX_Main-Regular.woff2) format("woff2")}.katex{font:normal 1.21em KaTeX_Main}\n',
    '_astro/site.css': 'body{margin:0}.logo{background:url(/katex/fonts/KaTeX_Main-Regular.woff2)}\n',
    'js/toggle.js': '(function () { document.documentElement.className += " js"; })();\n',
  };
  const site = new Map(Object.entries(text).map(([path, content]) => [path, encoder.encode(content)]));
  site.set(
    'katex/fonts/KaTeX_Main-Regular.woff2',
    Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256),
  );
  return site;
}

/** The reference files a snapshot adds. */
export function fixtureExtras(): Map<string, Uint8Array> {
  return new Map([
    ['reference/ledger.py', encoder.encode('print("reference")\n')],
    ['reference/README.md', encoder.encode('# Reference\n')],
  ]);
}

export const INFO: SnapshotInfo = {
  date: '2026-11-30',
  commit: '0123456789abcdef0123456789abcdef01234567',
  defaultModel: 'm@1.0.0',
  codeHash: CODE_HASH,
  origin: 'https://claim-ledger.example.org',
};
