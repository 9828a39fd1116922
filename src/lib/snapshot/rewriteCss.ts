/**
 * Rewrites the URLs of a stylesheet (`url(...)` and `@import "..."`) through a function, leaving
 * comments, other strings and everything else byte for byte as they were.
 */

/** Comments and strings are matched only so that a `url(` inside them is left alone. */
const TOKENS =
  /\/\*[\s\S]*?(?:\*\/|$)|(url\(\s*)(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))(\s*\))|(@import\s+)(?:"([^"]*)"|'([^']*)')|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/gi;

/** Rewrites every URL of a stylesheet with `rewrite`; an unchanged URL keeps its exact spelling. */
export function rewriteCss(css: string, rewrite: (url: string) => string): string {
  return css.replace(
    TOKENS,
    (
      match: string,
      urlOpen: string | undefined,
      dq: string | undefined,
      sq: string | undefined,
      bare: string | undefined,
      urlClose: string | undefined,
      importOpen: string | undefined,
      importDq: string | undefined,
      importSq: string | undefined,
    ) => {
      if (urlOpen !== undefined) {
        const url = dq ?? sq ?? bare ?? '';
        const next = rewrite(url);
        if (next === url) return match;
        const quote = dq !== undefined ? '"' : sq !== undefined ? "'" : '';
        return `${urlOpen}${quote}${escapeCss(next, quote)}${quote}${urlClose ?? ')'}`;
      }
      if (importOpen !== undefined) {
        const url = importDq ?? importSq ?? '';
        const next = rewrite(url);
        if (next === url) return match;
        const quote = importDq !== undefined ? '"' : "'";
        return `${importOpen}${quote}${escapeCss(next, quote)}${quote}`;
      }
      return match;
    },
  );
}

/** Escapes what would end the URL token it is written into. */
function escapeCss(url: string, quote: string): string {
  if (quote === '') return url.replace(/[()\s"'\\]/g, (c) => `\\${c}`);
  return url.replace(/[\\\n]/g, (c) => `\\${c}`).replaceAll(quote, `\\${quote}`);
}
