/**
 * A picture to take away, as Our World in Data's charts offer: the picture the page draws as a
 * standalone SVG file (svgFile.ts), and the figures it draws as CSV, each the trace's own decimal
 * string. A model, compare or history page's pictures are files beside the page (plain links: they
 * work with JavaScript off and from a snapshot opened from `file://`). A claim page's are not: a
 * claim has a page under every model, and a file per picture and page made a 1,000-claim site of
 * 81,000 files. Its CSV rides in its link as a `data:` address (no script needed), and its SVG is
 * made in the browser from the figure on the page (src/client/pictures/downloads.ts).
 */
import Papa from 'papaparse';
import { SPREADSHEET_FORMULA } from '../../publish/exports.ts';
import { escapeAttribute, escapeHtml } from '../markup.ts';

/** The words of a picture's links. */
export const DOWNLOAD_WORDS = {
  picture: 'Download the picture as SVG:',
  numbers: 'its numbers as CSV:',
  download: 'Download',
  pictureOnly: 'the picture as SVG:',
} as const;

/**
 * A picture's figures as CSV (RFC 4180 through papaparse): a header line, one row per figure, LF
 * line ends and a final one. Every number is the trace's or the model's own decimal string; a cell
 * a spreadsheet would run as a formula (a link id from a claim file) gets a leading apostrophe, as
 * the site's scores download does.
 */
export function pictureCsv(fields: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  const csv = Papa.unparse(
    { fields: [...fields], data: rows.map((row) => row.map((cell) => cell ?? '')) },
    { newline: '\n', quotes: false, escapeFormulae: SPREADSHEET_FORMULA, header: true },
  );
  return `${csv}\n`;
}

/**
 * The links under a picture: its SVG and its CSV, files beside the page (relative, so the same
 * links serve a claim's two addresses under the default model and a snapshot on the disk).
 * `saveAs` is the name a browser saves them under, without the extension.
 */
export function pictureLinksHtml(name: string, saveAs: string): string {
  // Each link is named by its file, so that no two links of a page share a name.
  const link = (format: 'svg' | 'csv'): string =>
    `<a href="${escapeAttribute(`${name}.${format}`)}" download="${escapeAttribute(`${saveAs}.${format}`)}">${escapeHtml(`${name}.${format}`)}</a>`;
  return `<p class="picture-downloads">${escapeHtml(DOWNLOAD_WORDS.picture)} ${link('svg')}; ${escapeHtml(DOWNLOAD_WORDS.numbers)} ${link('csv')}</p>\n`;
}

/**
 * A `data:` address of a CSV text: percent-escaped as a URI component, but for the commas and `@`
 * that every row and model id holds and a URI may hold as they are.
 */
export function csvDataUrl(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv).replace(/%2C/g, ',').replace(/%40/g, '@')}`;
}

/**
 * The links under a picture of a claim page, its files saved as `<claim>--<model>--<name>`: the
 * CSV in its link; the SVG's link hidden until the page's script makes the file from the figure
 * before it (so that with JavaScript off no link leads nowhere).
 */
export function claimPictureLinksHtml(
  trace: { readonly claim: string; readonly model: string },
  name: string,
  csv: string,
): string {
  const saveAs = `${trace.claim}--${trace.model}--${name}`;
  const svg = `<a href="#" download="${escapeAttribute(`${saveAs}.svg`)}">${escapeHtml(`${name}.svg`)}</a>`;
  const numbers = `<a href="${escapeAttribute(csvDataUrl(csv))}" download="${escapeAttribute(`${saveAs}.csv`)}">${escapeHtml(`${name}.csv`)}</a>`;
  return (
    `<p class="picture-downloads">${escapeHtml(DOWNLOAD_WORDS.download)} ` +
    `<span class="picture-svg" hidden>${escapeHtml(DOWNLOAD_WORDS.pictureOnly)} ${svg}; </span>` +
    `${escapeHtml(DOWNLOAD_WORDS.numbers)} ${numbers}</p>\n`
  );
}
