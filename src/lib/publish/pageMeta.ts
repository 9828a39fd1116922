/**
 * What a page tells crawlers and link previews about itself: its canonical URL, and Open Graph and
 * Twitter card meta built from the page's own title and description. Pure: the caller passes the
 * page's path and the site's address.
 */
import { absoluteUrl, ogImagePath, withoutBase } from '../paths.ts';

/** The site's name as link previews show it. */
export const SITE_NAME = 'The claim ledger';

/** The picture every page shows in link previews (public/og-image.png, drawn by scripts/dev/og-image.ts). */
export const OG_IMAGE = {
  width: '1200',
  height: '630',
  alt: 'The claim ledger: every claim’s arithmetic, in the open.',
} as const;

/** What a page says about itself. */
export interface PageMetaInput {
  readonly title: string;
  readonly description: string;
  /** The page's root-relative path, as Astro serves it (`/claims/x/`, under the base path if any). */
  readonly pathname: string;
  /** The site's address (Astro's `site`). */
  readonly site: string | URL;
  readonly type: 'website' | 'article';
}

/** The head's metadata: a canonical URL (none on the not-found page) and meta tags. */
export interface PageMeta {
  readonly canonical: string | null;
  readonly properties: readonly { readonly property: string; readonly content: string }[];
  readonly names: readonly { readonly name: string; readonly content: string }[];
}

// The not-found page is served at every missing path, so it has no address of its own.
const NOT_FOUND = /^\/404(?:\.html|\/)?$/;

/** The canonical URL of a page: its path on the published site, with the trailing slash pages have. */
export function canonicalUrl(pathname: string, site: string | URL): string | null {
  if (NOT_FOUND.test(withoutBase(pathname))) return null;
  const path = pathname === '' ? '/' : /\/$|\.[a-z0-9]+$/i.test(pathname) ? pathname : `${pathname}/`;
  return absoluteUrl(path, site);
}

/** The canonical URL, Open Graph properties and Twitter card names of one page. */
export function pageMeta(input: PageMetaInput): PageMeta {
  const canonical = canonicalUrl(input.pathname, input.site);
  const image = absoluteUrl(ogImagePath(), input.site);
  return {
    canonical,
    properties: [
      { property: 'og:title', content: input.title },
      { property: 'og:description', content: input.description },
      { property: 'og:type', content: input.type },
      { property: 'og:site_name', content: SITE_NAME },
      // The pages are written in English (`<html lang="en">`), British spelling.
      { property: 'og:locale', content: 'en_GB' },
      ...(canonical === null ? [] : [{ property: 'og:url', content: canonical }]),
      { property: 'og:image', content: image },
      { property: 'og:image:type', content: 'image/png' },
      { property: 'og:image:width', content: OG_IMAGE.width },
      { property: 'og:image:height', content: OG_IMAGE.height },
      { property: 'og:image:alt', content: OG_IMAGE.alt },
    ],
    // X reads og:title, og:description and og:image when its own tags are absent (its card markup
    // reference), so only the card type and the picture's text are named for X.
    names: [
      { name: 'twitter:card', content: 'summary' },
      { name: 'twitter:image:alt', content: OG_IMAGE.alt },
    ],
  };
}
