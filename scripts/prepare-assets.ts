/**
 * Copies KaTeX's stylesheet and its woff2 fonts into `public/katex/`, so that the site serves them
 * itself (no CDN) and the offline snapshot carries them. The stylesheet is rewritten to name only
 * the woff2 files, which every browser this site supports reads, and with the short class names the
 * site's formulas are written with (src/lib/render/katexClasses.ts). A symbolic link under `public/`
 * stops it before it writes anything: it would write through a linked folder, and the site would
 * publish what the link points at.
 *
 * It also bundles the claim page's what-if panel into `public/what-if/panel.js` (not committed).
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { projectRoot } from '../src/lib/site/build/paths.ts';
import { publicLinks } from '../src/lib/site/build/publicFolder.ts';
import { shortenStylesheet } from '../src/lib/render/katexClasses.ts';
import { writePanel } from '../src/lib/whatif/bundle.ts';

const require = createRequire(import.meta.url);
const katexDist = dirname(require.resolve('katex/dist/katex.min.css'));
const root = projectRoot();
const links = publicLinks(root);
if (links.length > 0) {
  for (const link of links) process.stderr.write(`${link}.\n`);
  process.exit(1);
}
const target = join(root, 'public', 'katex');
mkdirSync(join(target, 'fonts'), { recursive: true });

const css = shortenStylesheet(
  readFileSync(join(katexDist, 'katex.min.css'), 'utf8').replace(
    /src:url\((fonts\/[^)]+\.woff2)\) format\("woff2"\)(,url\([^)]+\) format\("[^"]+"\))*/g,
    'src:url($1) format("woff2")',
  ),
);
writeFileSync(join(target, 'katex.min.css'), css);
for (const font of readdirSync(join(katexDist, 'fonts')).filter((f) => f.endsWith('.woff2'))) {
  copyFileSync(join(katexDist, 'fonts', font), join(target, 'fonts', font));
}

// The what-if panel of every claim page: the engine bundled for the browser (src/lib/whatif/bundle.ts).
await writePanel(root);
