/**
 * A build meant for publishing (`CI=true`, as every CI service and the Pages workflow set it) must
 * name the address the site is published at: citations, permalinks and feeds are absolute
 * addresses, and the placeholder's reach nowhere.
 */
import { DEFAULT_SITE_ORIGIN } from '../../paths.ts';

/** Why this build may not run as it is, in one line, or null when it may. */
export function publishingProblem(env: Readonly<Record<string, string | undefined>>): string | null {
  const publishing = env['CI'] === 'true' || env['CI'] === '1';
  if (!publishing || (env['LEDGER_SITE'] ?? '').trim() !== '') return null;
  return (
    'a build for publishing (CI=true) needs LEDGER_SITE, the address the site is published at ' +
    `(e.g. LEDGER_SITE=https://ledger.example.org); without it every citation would point at ${DEFAULT_SITE_ORIGIN}`
  );
}

/** Whether the site's addresses are the placeholder's (no LEDGER_SITE given, or the placeholder itself). */
export function placeholderSite(origin: string): boolean {
  return new URL(origin).origin === new URL(DEFAULT_SITE_ORIGIN).origin;
}
