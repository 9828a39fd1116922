/**
 * KaTeX's class names, made lighter for the page. A claim page carries a few dozen formulas, and
 * their markup repeats a handful of long class names hundreds of times (`vlist-r`, `pstrut`,
 * `mspace`), plus classes that no stylesheet selects at all. So every formula the site shows (the
 * pages' own through `tex()`, the specification's through `rehypeKatexClasses`) drops the unstyled
 * classes and writes the frequent ones short, and `shortenStylesheet` writes KaTeX's stylesheet
 * with the same short names. Nothing else changes: the same elements, with the same rules.
 */

/**
 * Classes that no rule of KaTeX's stylesheet (nor of the site's) selects: KaTeX names each atom's
 * kind (`mord`, `mrel`, …) to work out spacing while it lays a formula out, and the spacing is
 * already in the HTML as margins, so on the page the names only add bytes. Tested against
 * katex.min.css and the site's stylesheets.
 */
export const KATEX_UNSTYLED_CLASSES: ReadonlySet<string> = new Set([
  'mord',
  'mrel',
  'mbin',
  'mop',
  'mopen',
  'mclose',
  'minner',
  'mpunct',
  'mtight',
]);

/**
 * KaTeX's most frequent styled classes and the short names the site writes them with, in its
 * stylesheet too. `katex`, `katex-display`, `katex-html` and `katex-mathml` keep their names: the
 * site's own rules and tools find formulas by them.
 */
export const KATEX_SHORT_CLASSES: ReadonlyMap<string, string> = new Map([
  ['mspace', 'k0'],
  ['pstrut', 'k1'],
  ['vlist-r', 'k2'],
  ['vlist', 'k3'],
  ['vlist-t', 'k4'],
  ['size3', 'k5'],
  ['vlist-t2', 'k6'],
  ['vlist-s', 'k7'],
  ['mathnormal', 'k8'],
  ['reset-size6', 'k9'],
  ['msupsub', 'ka'],
  ['katex-sizing', 'kb'],
  ['delimsizing', 'kc'],
  ['delimcenter', 'kd'],
  ['nulldelimiter', 'ke'],
  ['katex-base', 'kf'],
  ['katex-strut', 'kg'],
  ['mathrm', 'kh'],
  ['mfrac', 'ki'],
  ['frac-line', 'kj'],
  ['col-align-r', 'kk'],
  ['col-align-l', 'kl'],
  ['mtable', 'km'],
]);

/** A formula's classes as the site writes them: unstyled ones dropped, frequent ones short. */
export function katexClasses(classes: readonly string[]): string[] {
  return classes.filter((c) => c !== '' && !KATEX_UNSTYLED_CLASSES.has(c)).map((c) => KATEX_SHORT_CLASSES.get(c) ?? c);
}

/** A `class="…"` attribute's value as the site writes it (see `katexClasses`); '' when none is left. */
export function katexClassAttribute(value: string): string {
  return katexClasses(value.split(' ')).join(' ');
}

/**
 * KaTeX's stylesheet with `KATEX_SHORT_CLASSES` in its selectors. A class selector is a dot and a
 * name starting with a letter, so `0.5em` and the fonts' `.woff2` are left as they are; a name
 * matches whole (`.vlist` is not the start of `.vlist-t`).
 */
export function shortenStylesheet(css: string): string {
  return css.replace(/\.([A-Za-z][\w-]*)/g, (whole, name: string) => {
    const short = KATEX_SHORT_CLASSES.get(name);
    return short === undefined ? whole : `.${short}`;
  });
}

interface HastNode {
  type: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

/** What a display formula of the specification carries besides its classes (hast's property names). */
const FOCUSABLE_FORMULA = { role: 'group', tabIndex: 0, ariaLabel: 'Formula' } as const;

/**
 * A rehype plugin for the MDX pages (the specification), run after rehype-katex, that writes their
 * formulas' classes as `tex()` writes the pages' own, so that one stylesheet serves both; and, as
 * `formulaHtml` does for the pages' own, makes each display formula a group a keyboard can reach,
 * since a wide one scrolls sideways on a phone.
 */
export function rehypeKatexClasses(): (tree: HastNode) => void {
  const visit = (node: HastNode, inKatex: boolean): void => {
    let inside = inKatex;
    const names = node.properties?.className;
    if (node.type === 'element' && Array.isArray(names)) {
      const classes = names.map(String);
      if (classes.includes('katex-display')) Object.assign(node.properties!, FOCUSABLE_FORMULA);
      inside ||= classes.includes('katex');
      if (inside) {
        const kept = katexClasses(classes);
        if (kept.length === 0) delete node.properties!.className;
        else node.properties!.className = kept;
      }
    }
    for (const child of node.children ?? []) visit(child, inside);
  };
  return (tree) => visit(tree, false);
}
