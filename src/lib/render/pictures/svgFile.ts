/**
 * A picture as a file of its own: the `<svg>` the page draws, with its namespace, its own colours
 * and fonts inlined and its title first. No imports, so that the claim pages' download script
 * (src/client/pictures/downloads.ts) makes the same file in the browser as the build makes for
 * the model, compare and history pages.
 */
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
