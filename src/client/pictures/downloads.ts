/**
 * A claim page's picture downloads as SVG: public/js/anchor-toggle.js shows each link and loads
 * this script the first time one is pressed (then presses it again); from then on each link is
 * given the picture the page draws before it as a file of its own, made when it is pressed by the
 * very function the build makes the other pages' picture files with (svgFile.ts), from a Blob, so
 * that it works offline from `file://` and sends nothing anywhere. The picture's CSV needs no
 * script: it is in its link (download.ts).
 */
import { standaloneSvg } from '../../lib/render/pictures/svgFile.ts';

declare global {
  interface Window {
    /** Set once this script has given every link its handler (anchor-toggle.js reads it). */
    ledgerPictures?: boolean;
  }
}

/**
 * The figure's markup as XML: the page's serializer writes a no-break space as `&nbsp;`, an entity
 * an SVG file on its own does not know.
 */
const figureMarkup = (figure: Element): string => figure.outerHTML.replace(/&nbsp;/g, '&#160;');

for (const span of document.querySelectorAll<HTMLElement>('.picture-downloads > .picture-svg')) {
  const figure = span.parentElement?.previousElementSibling;
  const link = span.querySelector('a');
  if (figure?.querySelector('svg') == null || link === null) continue;
  let url: string | null = null;
  link.addEventListener('click', (event) => {
    const text = standaloneSvg(figureMarkup(figure));
    if (text === null) {
      event.preventDefault();
      return;
    }
    if (url !== null) URL.revokeObjectURL(url);
    url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    link.href = url;
  });
}
window.ledgerPictures = true;
