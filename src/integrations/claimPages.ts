/**
 * A static build on threads (src/lib/site/pool/wholePages.ts): once Astro has written its pages, the
 * build waits here for the claim pages its threads write, and fails with their first failure, so
 * that Pagefind, the sitemap's readers and the swap see a whole site or none.
 */
import type { AstroIntegration } from 'astro';
import { claimPagesWritten } from '../lib/site/pool/frameCapture.ts';

/** Waits for the claim pages written on threads at the end of a static build. */
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
