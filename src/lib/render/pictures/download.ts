/**
 * A picture to take away, as Our World in Data's charts offer: the picture the page draws as a
 * standalone SVG file (its namespace, its own colours and fonts inlined, its title first), and the
 * figures it draws as CSV, each the trace's own decimal string. Both are files written beside the
 * page (plain links: they work with JavaScript off and from a snapshot opened from `file://`).
 */
import Papa from 'papaparse';
import { SPREADSHEET_FORMULA } from '../../publish/exports.ts';
import { escapeAttribute, escapeHtml } from '../markup.ts';

/**
 * The light colours of `src/styles/global.css`'s `:root` (tests/unit/render/pictures/pictureDownload.test.ts keeps
 * them equal): a picture on its own has no page around it to take them from.
 */
export const PICTURE_COLOURS = {
  bg: '#fdfcf9',
  fg: '#1c1b18',
  muted: '#5c5a53',
  line: '#d9d5ca',
  panel: '#f3f0e8',
  accent: '#1d4ed8',
  supports: '#126b2f',
  opposes: '#9f1d1d',
  'state-very-unlikely': '#a50026',
  'state-unlikely': '#f46d43',
  'state-uncertain': '#8c8c8c',
  'state-likely': '#66bd63',
  'state-very-likely': '#006837',
} as const;

/** The words of a picture's links. */
export const DOWNLOAD_WORDS = {
  picture: 'Download the picture as SVG:',
  numbers: 'its numbers as CSV:',
} as const;

const c = PICTURE_COLOURS;
const STATES = ['very-unlikely', 'unlikely', 'uncertain', 'likely', 'very-likely'] as const;

/** The stylesheet's rules for pictures (`.picture …` in global.css), with the colours written out. */
const PICTURE_CSS = [
  `svg{font:15px system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:${c.fg};fill:${c.fg}}`,
  `.pic-background{fill:${c.bg}}`,
  `.pic-title{fill:${c.muted};font-style:italic}`,
  `path,line{fill:none;stroke:currentColor;stroke-width:2}`,
  `.pic-axis{stroke:${c.line};stroke-width:1}`,
  `.pic-tick{fill:${c.muted}}`,
  `.supports{color:${c.supports}}`,
  `.opposes{color:${c.opposes}}`,
  `.dependent{color:${c.muted};fill:${c.muted};stroke-dasharray:3 2}`,
  `text.dependent{stroke-dasharray:none}`,
  `path.supports,path.opposes{stroke-width:2.5}`,
  `.pic-point{fill:${c.fg}}`,
  `.pic-current{font-weight:700;fill:${c.accent}}`,
  `.pic-range{fill:${c.accent};opacity:.2}`,
  `.pic-curve{stroke:${c.fg}}`,
  `.pic-zone{fill:currentColor;opacity:.15}`,
  `.pic-vote{fill:${c.accent};fill-opacity:.5;stroke:${c.accent}}`,
  `.pic-gradient{stroke:${c.fg}}`,
  `.pic-evidence{fill:${c.fg};stroke:none}`,
  `.pic-diagonal{stroke:${c.muted};stroke-width:1;stroke-dasharray:4 3}`,
  `.pic-changed{fill:${c.bg};stroke:${c.accent};stroke-width:3}`,
  `.pic-band{fill:currentColor;opacity:.3}`,
  `rect.pic-band{stroke:${c.bg};stroke-width:1}`,
  ...STATES.map((s) => `.pic-band.state-${s}{fill:${c[`state-${s}`]}}`),
  `.pic-band.current{opacity:.55}`,
  `.pic-band.pic-key{opacity:.8}`,
  `.pic-strip{fill:${c.panel};stroke:${c.line};stroke-width:1}`,
  `.history-chart-line{fill:none;stroke:${c.accent};stroke-width:2}`,
  `.history-chart-point{fill:${c.accent}}`,
].join('\n');

/**
 * The `<svg>` of a picture's figure as a file of its own: the XML declaration, the SVG namespace,
 * a width and height (its viewBox's), and after its title and description its stylesheet and a
 * background, so that it reads the same in any viewer, editor or slide. Null when the figure
 * holds no picture (a refusal is written, not drawn).
 */
export function standaloneSvg(figure: string): string | null {
  const svg = /<svg viewBox="0 0 ([0-9.]+) ([0-9.]+)"([^>]*)>([\s\S]*)<\/svg>/.exec(figure);
  if (svg === null) return null;
  const [, width, height, attributes, inner] = svg as unknown as [string, string, string, string, string];
  // The title and description stay first (a reader of the file, as of the page, meets them first).
  const alt = /^<title[^>]*>[\s\S]*?<\/desc>\n/.exec(inner)?.[0] ?? '';
  const rest = inner.slice(alt.length);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"${attributes}>\n` +
    alt +
    `<style>\n${PICTURE_CSS}\n</style>\n` +
    `<rect class="pic-background" x="0" y="0" width="${width}" height="${height}"></rect>\n` +
    `${rest}</svg>\n`
  );
}

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

/** The links under a picture of a claim page, its files saved as `<claim>--<model>--<name>`. */
export function claimPictureLinksHtml(trace: { readonly claim: string; readonly model: string }, name: string): string {
  return pictureLinksHtml(name, `${trace.claim}--${trace.model}--${name}`);
}
