/**
 * A static build on worker processes (src/lib/site/pool/wholePages.ts): once Astro has written its pages, the
 * build waits here for the claim pages its workers write, and fails with their first failure, so
 * that Pagefind, the sitemap's readers and the swap see a whole site or none.
 */
import type { AstroIntegration } from 'astro';
import { claimPagesWritten } from '../lib/site/pool/frameCapture.ts';

/** Waits for the claim pages written by the workers at the end of a static build. */
export default function claimPages(): AstroIntegration {
  return {
    name: 'ledger-claim-pages',
    hooks: {
      'astro:build:generated': async () => {
        await claimPagesWritten();
      },
    },
  };
}
