/**
 * Watches a page for what a static, self-contained site must never do: ask another origin for
 * anything, log an error to the console, throw, or fail a request.
 */
import type { Page } from '@playwright/test';
import { siteOrigin } from './e2e-env.ts';

/** What went wrong while a page was open. */
export interface Watched {
  readonly otherOrigins: string[];
  readonly consoleErrors: string[];
  readonly pageErrors: string[];
  readonly failedRequests: string[];
}

/**
 * Records every request to another origin (which the browser fails: it resolves no other host,
 * CHROMIUM_ARGS), console errors, uncaught exceptions, failed requests and error responses. `allow404` says which URL may legitimately
 * answer 404 (the not-found page itself).
 */
export function watch(page: Page, options: { allow404?: (url: string) => boolean } = {}): Promise<Watched> {
  const origin = siteOrigin();
  const watched: Watched = { otherOrigins: [], consoleErrors: [], pageErrors: [], failedRequests: [] };
  // Watched rather than routed: routing pauses every request for the test runner and turns the
  // browser's cache off, a sixth of the CPU of loading every page (docs/testing.md).
  page.on('request', (request) => {
    const url = request.url();
    if (new URL(url).origin !== origin && !url.startsWith('data:') && !url.startsWith('blob:'))
      watched.otherOrigins.push(`${page.url()} → ${url}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium also logs the not-found page's own expected 404 as an error.
    if (message.text().includes('status of 404') && options.allow404?.(message.location().url)) return;
    watched.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => watched.pageErrors.push(`${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).origin !== origin) return; // recorded above as another origin
    const error = request.failure()?.errorText ?? 'failed';
    // The browser's own favicon fetch starts after `load` and is cancelled by the next navigation;
    // that says nothing about the page (a missing icon still shows as an HTTP 404 below).
    if (error === 'net::ERR_ABORTED' && request.resourceType() === 'other') return;
    watched.failedRequests.push(`${request.url()}: ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    if (response.status() === 404 && options.allow404?.(response.url())) return;
    watched.failedRequests.push(`${response.url()}: HTTP ${response.status()}`);
  });
  return Promise.resolve(watched);
}

/** Whether nothing went wrong (for one `expect` with a readable diff). */
export const problemsOf = (watched: Watched): Record<string, string[]> =>
  Object.fromEntries(Object.entries(watched).filter(([, list]) => (list as string[]).length > 0));
