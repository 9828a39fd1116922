/**
 * Turns a site URL into a link that works from `file://`: relative to the file that holds it, and
 * naming a file (`../../models/x/index.html`), because a browser shows a folder on disk as a
 * listing, not as its index page. Pure: the caller says which files exist.
 */

/** A site path (`claims/x/index.html`, no leading slash) and whether the site holds such a file. */
export type IsFile = (path: string) => boolean;

/** What a site URL resolves to: the file it names, and the query and fragment it carries. */
export interface ResolvedHref {
  /** The file's path in the site, URL-encoded as it was written (`models/a%20b/index.html`). */
  readonly path: string;
  /** `?…#…` exactly as written, or ''. */
  readonly suffix: string;
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** True for URLs that leave the site (`https:`, `mailto:`, `data:`, `//host`), which stay as they are. */
export function isExternal(href: string): boolean {
  return SCHEME.test(href) || href.startsWith('//') || href.startsWith('\\\\');
}

/** Decodes a URL path into the file name on disk; undecodable escapes stay as written. */
export function decodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * Resolves a reference found in the file `from` to the site file it names, or null when it does
 * not name one (external, fragment-only, query-only or empty).
 */
export function resolveHref(from: string, href: string, isFile: IsFile = () => false): ResolvedHref | null {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('?') || isExternal(trimmed)) return null;
  const cut = trimmed.search(/[?#]/);
  const pathPart = cut < 0 ? trimmed : trimmed.slice(0, cut);
  const suffix = cut < 0 ? '' : trimmed.slice(cut);

  const base = pathPart.startsWith('/') ? [] : from.split('/').slice(0, -1);
  const written = pathPart.split('/');
  const segments = [...base];
  for (const segment of written) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const last = written[written.length - 1];
  const namesFolder =
    segments.length === 0 ||
    last === '' ||
    last === '.' ||
    last === '..' ||
    (!isFile(decodePath(segments.join('/'))) && isFile(decodePath([...segments, 'index.html'].join('/'))));
  return { path: (namesFolder ? [...segments, 'index.html'] : segments).join('/'), suffix };
}

/** The relative path from the folder of the file `from` to the site file `to`. */
export function relativePath(from: string, to: string): string {
  const fromDir = from.split('/').slice(0, -1);
  const target = to.split('/');
  let shared = 0;
  while (shared < fromDir.length && shared < target.length - 1 && fromDir[shared] === target[shared]) shared += 1;
  const path = '../'.repeat(fromDir.length - shared) + target.slice(shared).join('/');
  // A first segment with a colon would read as a URL scheme (`a:b/index.html`).
  return /^[^/]*:/.test(path) ? `./${path}` : path;
}

/**
 * The link to write in the file `from` for `href`: relative and naming a file, with its query and
 * fragment kept; external, fragment-only and empty references come back unchanged.
 */
export function relativeHref(from: string, href: string, isFile?: IsFile): string {
  const resolved = resolveHref(from, href, isFile);
  if (resolved === null) return href;
  return relativePath(from, resolved.path) + resolved.suffix;
}
