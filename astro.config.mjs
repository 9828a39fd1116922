// @ts-check
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import liveContent from './src/integrations/liveContent.ts';
import { configOutDir } from './src/lib/build/paths.ts';

/** The public address the site is published at; canonical URLs and feeds are built from it. */
const site = process.env.LEDGER_SITE ?? 'https://claim-ledger.example.org';

export default defineConfig({
  site,
  trailingSlash: 'always',
  // Only ever inside the project: see src/lib/build/paths.ts for what Astro publishes otherwise.
  outDir: configOutDir(process.env),
  build: {
    format: 'directory',
    // Pages render a few at a time, so one page's writing overlaps the next one's rendering.
    concurrency: 4,
    // External stylesheets only: the Content-Security-Policy allows no inline <style> blocks to be needed.
    inlineStylesheets: 'never',
  },
  integrations: [
    // `astro dev` reloads pages when a claim or model file changes (getSite reads them from disk).
    liveContent(),
    // sitemap-index.xml and sitemap-0.xml list every HTML page (the not-found page excepted);
    // files such as trace.json and the feeds end in an extension, not a slash, and are left out.
    sitemap({ filter: (page) => page.endsWith('/') }),
    mdx({
      // `$…$` and `$$…$$` in MDX become KaTeX HTML at build time; a bad formula stops the build.
      remarkPlugins: [remarkMath],
      rehypePlugins: [[rehypeKatex, { throwOnError: true, strict: 'error', output: 'htmlAndMathml' }]],
    }),
  ],
  devToolbar: { enabled: false },
  markdown: {
    shikiConfig: { themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } },
  },
});
