/**
 * The offline copy of a built site: every page and stylesheet rewritten for `file://` (relative
 * links naming files, a policy that allows `file:`), every other file as built, the Python
 * reference, a README.txt and MANIFEST.sha256. Pure: files in, files out.
 */
import { fileCsp } from './fileCsp.ts';
import { byBytes } from '../input/folderWalk.ts';
import { MANIFEST, makeManifest } from './manifest.ts';
import type { SnapshotInfo } from './name.ts';
import { snapshotReadme } from './readme.ts';
import { decodePath, relativePath, resolveHref } from './relativeHref.ts';
import { rewriteCss } from './rewriteCss.ts';
import { rewriteHtml } from './rewriteHtml.ts';

/** The files of a snapshot, and what was found on the way. */
export interface SnapshotFiles {
  /** Every file of the snapshot, MANIFEST.sha256 included, by path relative to its root. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** What stops the copy working offline (`file: why`); a snapshot with any is not written. */
  readonly problems: readonly string[];
  /** What is worth knowing but does not stop it (links to files the site does not have). */
  readonly warnings: readonly string[];
  /** How many trace.json files it holds. */
  readonly traces: number;
}

/** How to make a snapshot's files. */
export interface SnapshotOptions {
  /** Files added beside the site's (the Python reference), by path; the site's own copy wins. */
  readonly extras: ReadonlyMap<string, Uint8Array>;
  /** Called after each file, for progress on long runs. */
  readonly progress?: (done: number, total: number) => void;
}

/** What a script that a page loads may not do, opened from disk. */
const SCRIPT_PROBLEMS: readonly [RegExp, string][] = [
  [/\bfetch\s*\(/, 'calls fetch(), which cannot load files from file://'],
  [/\bXMLHttpRequest\b/, 'uses XMLHttpRequest, which cannot load files from file://'],
  [/\bimport\s*\(/, 'imports a module, which cannot load from file://'],
  [/^\s*(?:import|export)\s[^(]/m, 'is a module, which cannot run from file://'],
];

/** A model id (`<name>@<version>`, as models' schema allows) and a code hash, as a site's traces must state them. */
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*@\d+\.\d+\.\d+$/;
const CODE_HASH = /^sha256:[0-9a-f]{64}$/;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** Reads a trace.json's `model` and `codeHash`, or null. */
function traceStamp(bytes: Uint8Array): { model: string; codeHash: string } | null {
  try {
    const trace = JSON.parse(utf8.decode(bytes)) as { model?: unknown; codeHash?: unknown };
    return typeof trace.model === 'string' && typeof trace.codeHash === 'string'
      ? { model: trace.model, codeHash: trace.codeHash }
      : null;
  } catch {
    return null;
  }
}

/**
 * The default model and code hash of a built site, read from its published traces: the default
 * model's traces are the ones at `claims/<slug>/trace.json`.
 */
export function siteStamp(
  site: ReadonlyMap<string, Uint8Array>,
): { defaultModel: string; codeHash: string } | { problem: string } {
  const stamps = [...site.keys()]
    .filter((path) => /^claims\/[^/]+\/trace\.json$/.test(path))
    .sort(byBytes)
    .map((path) => ({ path, stamp: traceStamp(site.get(path)!) }));
  if (stamps.length === 0) return { problem: 'no claims/<slug>/trace.json: the site has no claims, or was not built' };
  const first = stamps[0]!;
  if (first.stamp === null) return { problem: `${first.path}: not a trace (no model or codeHash)` };
  // Both name the snapshot's files: anything but an id and a hash could reach outside --out.
  if (!MODEL_ID.test(first.stamp.model))
    return {
      problem: `${first.path}: model: ${JSON.stringify(first.stamp.model)} is not a model id such as ledger@1.0.0`,
    };
  if (!CODE_HASH.test(first.stamp.codeHash))
    return {
      problem: `${first.path}: codeHash: ${JSON.stringify(first.stamp.codeHash)} is not sha256:<64 hex digits>`,
    };
  const odd = stamps.find(
    ({ stamp }) => stamp?.model !== first.stamp!.model || stamp.codeHash !== first.stamp!.codeHash,
  );
  if (odd)
    return { problem: `${odd.path} and ${first.path} disagree on the default model or code hash: rebuild the site` };
  return { defaultModel: first.stamp.model, codeHash: first.stamp.codeHash };
}

/**
 * The base path a site was built under (`/ledger/`, or `/` at the root), read from the home page's
 * link to the site's icon, which every page has at `<base>favicon.svg` (or, from sites built before
 * the home page stopped loading KaTeX's stylesheet, `<base>katex/katex.min.css`).
 */
export function siteBase(site: ReadonlyMap<string, Uint8Array>): string {
  const home = site.get('index.html');
  if (home === undefined) return '/';
  const found = /<link[^>]*\bhref="(\/[^"]*?)(?:favicon\.svg|katex\/katex\.min\.css)"/.exec(
    new TextDecoder().decode(home),
  );
  return found?.[1] ?? '/';
}

/** A root-relative URL under the base (`/ledger/claims/x/`) as one from the site's root (`/claims/x/`). */
export function fromBase(href: string, base: string): string {
  if (base === '/' || !href.startsWith('/') || href.startsWith('//')) return href;
  if (href.startsWith(base)) return `/${href.slice(base.length)}`;
  return href === base.slice(0, -1) ||
    href.startsWith(`${base.slice(0, -1)}?`) ||
    href.startsWith(`${base.slice(0, -1)}#`)
    ? `/${href.slice(base.length - 1)}`
    : href;
}

/** Makes a snapshot's files from a built site's (see the module comment). */
export function snapshotFiles(
  site: ReadonlyMap<string, Uint8Array>,
  info: SnapshotInfo,
  options: SnapshotOptions,
): SnapshotFiles {
  const problems: string[] = [];
  const warnings: string[] = [];
  const files = new Map<string, Uint8Array>();
  const paths = [...site.keys()].sort(byBytes);
  const isFile = (path: string): boolean => site.has(path) || options.extras.has(path);
  // A site built under a base path links `/<base>/…`; its files sit at the folder's root.
  const base = siteBase(site);
  /** Files the site links to but does not have, and which files link to each. */
  const missing = new Map<string, string[]>();
  /** The scripts pages load (files built but never loaded, such as Astro's own modules, do not matter). */
  const loaded = new Set<string>();
  for (const reserved of ['README.txt', MANIFEST]) {
    if (site.has(reserved)) problems.push(`${reserved}: the site has a file where the snapshot writes its own`);
  }

  paths.forEach((path, i) => {
    const bytes = site.get(path)!;
    const kind = /\.(html?|css|m?js)$/i.exec(path)?.[1]?.toLowerCase();
    if (kind === undefined) {
      files.set(path, bytes);
    } else {
      let text: string | null = null;
      try {
        text = utf8.decode(bytes);
      } catch {
        warnings.push(`${path}: not UTF-8, copied as it is`);
      }
      if (text === null) files.set(path, bytes);
      else if (kind === 'js' || kind === 'mjs') files.set(path, bytes);
      else {
        const url = (written: string): string => {
          const href = fromBase(written.trim(), base);
          const resolved = resolveHref(path, href, isFile);
          if (resolved === null) return written;
          const target = decodePath(resolved.path);
          if (!isFile(target)) missing.set(target, [...(missing.get(target) ?? []), path]);
          return relativePath(path, resolved.path) + resolved.suffix;
        };
        if (kind === 'css') files.set(path, encoder.encode(rewriteCss(text, url)));
        else {
          const page = rewriteHtml(text, { url, csp: fileCsp });
          problems.push(...page.problems.map((problem) => `${path}: ${problem}`));
          for (const src of page.scripts) {
            const resolved = resolveHref(path, fromBase(src.trim(), base), isFile);
            if (resolved !== null) loaded.add(decodePath(resolved.path));
          }
          files.set(path, encoder.encode(page.html));
        }
      }
    }
    options.progress?.(i + 1, paths.length);
  });

  for (const script of [...loaded].sort(byBytes)) {
    const bytes = site.get(script);
    const text = bytes === undefined ? '' : new TextDecoder().decode(bytes);
    for (const [pattern, why] of SCRIPT_PROBLEMS) if (pattern.test(text)) problems.push(`${script}: ${why}`);
  }
  for (const [target, from] of [...missing].sort(([a], [b]) => byBytes(a, b))) {
    const pages = [...new Set(from)];
    warnings.push(
      `${target} is linked from ${pages.length === 1 ? pages[0] : `${pages.length} files (${pages[0]}, …)`} but the site does not have it`,
    );
  }
  for (const [path, bytes] of [...options.extras].sort(([a], [b]) => byBytes(a, b))) {
    const own = site.get(path);
    if (own === undefined) files.set(path, bytes);
    else if (Buffer.compare(own, bytes) !== 0)
      warnings.push(`${path}: the site's copy differs from the repository's; the snapshot keeps the site's`);
  }
  const traces = [...files.keys()].filter((path) => path === 'trace.json' || path.endsWith('/trace.json')).length;
  files.set('README.txt', encoder.encode(snapshotReadme(info, { files: files.size + 1, traces })));
  files.set(MANIFEST, encoder.encode(makeManifest(files)));
  return { files, problems, warnings: [...new Set(warnings)], traces };
}
