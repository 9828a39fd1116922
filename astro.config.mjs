// @ts-check
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import buildFinished from './src/integrations/buildFinished.ts';
import claimPages from './src/integrations/claimPages.ts';
import liveContent from './src/integrations/liveContent.ts';
import serverMode from './src/integrations/serverMode.ts';
import { configOutDir } from './src/lib/site/build/paths.ts';
import { ledgerFolders } from './src/lib/input/folders.ts';
import { basePath } from './src/lib/paths.ts';
import { rehypeKatexClasses } from './src/lib/render/katexClasses.ts';

/** The public address the site is published at; canonical URLs and feeds are built from it. */
const site = process.env.LEDGER_SITE ?? 'https://claim-ledger.example.org';

/**
 * The default model named in site.yaml (the build's check has already validated it): its claim
 * pages `/claims/<slug>/<default>/` name `/claims/<slug>/` as canonical, so the sitemap leaves them out.
 */
const defaultModel = (() => {
  try {
    return /^default:\s*(\S+)/m.exec(readFileSync(join(ledgerFolders().models, 'site.yaml'), 'utf8'))?.[1];
  } catch {
    return undefined;
  }
})();
const secondAddress = new RegExp(`/claims/[^/]+/${(defaultModel ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/$`);

/** `LEDGER_OUTPUT=server` (npm run build:server): claim pages render on request from the trace store. */
const onServer = process.env.LEDGER_OUTPUT === 'server';

export default defineConfig({
  site,
  // Server mode: Astro's Node adapter as middleware, which renders and serves no file: the workers
  // serve the prerendered files from the build's manifest (scripts/serve-worker.js). A page is rendered whole and sent with its length rather than streamed: a claim page is one
  // string (claimArticle.ts), a CDN caches a response it knows the length of, and it measured 3–8 %
  // more pages a second.
  ...(onServer ? { adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }) } : {}),
  // A project page on a static host lives under a path (`LEDGER_BASE=/ledger/`); src/lib/paths.ts
  // puts every internal URL under the same base.
  base: basePath(),
  trailingSlash: 'always',
  // Only ever inside the project: see src/lib/site/build/paths.ts for what Astro publishes otherwise.
  outDir: configOutDir(process.env),
  build: {
    format: 'directory',
    // Pages render a few at a time, so one page's writing overlaps the next one's rendering.
    concurrency: 4,
    // External stylesheets only: the Content-Security-Policy allows no inline <style> blocks to be needed.
    inlineStylesheets: 'never',
  },
  integrations: [
    ...(onServer ? [serverMode()] : []),
    // `astro dev` reloads pages when a claim or model file changes (getSite reads them from disk).
    liveContent(),
    // A static build on threads: waits for the claim pages its threads write (src/lib/site/pool/).
    claimPages(),
    // sitemap-index.xml and sitemap-0.xml list every HTML page with an address of its own (not the
    // not-found page, nor a claim's second address under the default model); files such as
    // trace.json and the feeds end in an extension, not a slash, and are left out.
    sitemap({ filter: (page) => page.endsWith('/') && !(defaultModel !== undefined && secondAddress.test(page)) }),
    mdx({
      // `$…$` and `$$…$$` in MDX become KaTeX HTML at build time; a bad formula stops the build. Its
      // classes are then written as the pages' own formulas are, for the one (shortened) stylesheet.
      remarkPlugins: [remarkMath],
      rehypePlugins: [
        [rehypeKatex, { throwOnError: true, strict: 'error', output: 'htmlAndMathml' }],
        rehypeKatexClasses,
      ],
    }),
    // Last: says the build got to its end, sitemap written (scripts/build.ts publishes nothing else).
    buildFinished(),
  ],
  devToolbar: { enabled: false },
  markdown: {
    shikiConfig: {
      themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
      // No time limit on a line (shiki's is 500 ms, after which the rest of the line is left
      // uncoloured): a page is the same however busy the machine that builds it (highlight.ts).
      transformers: [{ name: 'whole-lines', preprocess: (_code, options) => void (options.tokenizeTimeLimit = 0) }],
    },
  },
});
