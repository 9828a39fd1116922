/**
 * `ledger snapshot --publish`: the snapshot's files published beside the site they were made from,
 * in `archive/`, and the archive page's download section filled with a link to each, its size, the
 * date and its SHA-256, so that an archivist needs no tools. The page is built before the snapshot
 * exists (the snapshot holds the page, so the page cannot hold the snapshot's hash), with an empty
 * section that says no snapshot is published; this fills it once, after the snapshot was made.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomically } from './files.ts';

/** The archive page's download section as a build writes it: one element, filled once. */
const SECTION = /<div data-snapshot-downloads(?:\s[^>]*)?>[\s\S]*?<\/div>/;

/** The archive page of a built site, from its root. */
export const ARCHIVE_PAGE = join('archive', 'index.html');

/** One file to publish: its name in `archive/`, its bytes and what it is, in words. */
export interface PublishedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly sha256: string;
  readonly what: string;
}

/** `text` with HTML's special characters escaped. */
const html = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A size as a reader reads it, then exactly: `1.2 MB (1,234,567 bytes)`. */
export function sizeInWords(bytes: number): string {
  const rounded =
    bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.ceil(bytes / 1024))} kB`;
  return `${rounded} (${bytes.toLocaleString('en-GB')} bytes)`;
}

/** What the archive page says of one published file. */
export type ListedFile = Pick<PublishedFile, 'name' | 'sha256' | 'what'> & { readonly size: number };

/** The filled download section: each file with its link, size and SHA-256, and the date made. */
function downloadsSection(files: readonly ListedFile[], date: string): string {
  const items = files.map(
    (f) =>
      `<li><a href="${html(encodeURIComponent(f.name))}" download>${html(f.name)}</a>, ${html(f.what)}: ` +
      `${sizeInWords(f.size)}; SHA-256 <code class="sha256">${html(f.sha256)}</code> ` +
      `(<a href="${html(encodeURIComponent(`${f.name}.sha256`))}">as a file for <code>sha256sum -c</code></a>)</li>`,
  );
  return (
    `<div data-snapshot-published><p>Made from this copy of the site on <time datetime="${html(date)}">${html(date)}</time>` +
    ` and published beside it:</p><ul class="downloads">${items.join('')}</ul></div>`
  );
}

/** The archive page `text` with its download section filled, or null when it has no empty one. */
export function filledArchivePage(text: string, files: readonly ListedFile[], date: string): string | null {
  return SECTION.test(text) ? text.replace(SECTION, () => downloadsSection(files, date)) : null;
}

/**
 * Why the site in `dist` cannot take a published snapshot, or null: its archive page must be there
 * with its download section still empty (a site published once is built again before the next).
 */
export function publishProblem(dist: string): string | null {
  const page = join(dist, ARCHIVE_PAGE);
  if (!existsSync(page)) return `${ARCHIVE_PAGE} is missing, so there is no page to publish the snapshot on`;
  if (!SECTION.test(readFileSync(page, 'utf8')))
    return `${ARCHIVE_PAGE} has no empty download section: a snapshot was published there already, or the site was built by an older version; build it again`;
  return null;
}

/**
 * Writes each file, and its `.sha256` line, into `dist/archive/`, then the archive page with its
 * download section filled (the page last, so that it never links a file not yet written).
 */
export function publishSnapshot(dist: string, files: readonly PublishedFile[], date: string): void {
  const page = join(dist, ARCHIVE_PAGE);
  const text = readFileSync(page, 'utf8');
  for (const f of files) {
    writeAtomically(join(dist, 'archive', f.name), f.bytes);
    writeAtomically(join(dist, 'archive', `${f.name}.sha256`), `${f.sha256}  ${f.name}\n`);
  }
  const listed = files.map(({ name, bytes, sha256, what }) => ({ name, size: bytes.length, sha256, what }));
  writeAtomically(page, filledArchivePage(text, listed, date)!);
}
