/**
 * What a build stamps on its pages. The date comes from SOURCE_DATE_EPOCH or the last commit,
 * never the clock, so that two builds of one commit are byte-identical.
 */
import { execFileSync } from 'node:child_process';

/** The build's date as YYYY-MM-DD (UTC). */
export function buildDate(env: NodeJS.ProcessEnv = process.env): string {
  const epoch = env['SOURCE_DATE_EPOCH'];
  if (epoch !== undefined && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000).toISOString().slice(0, 10);
  try {
    const committed = execFileSync('git', ['log', '-1', '--format=%ct'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (/^\d+$/.test(committed)) return new Date(Number(committed) * 1000).toISOString().slice(0, 10);
  } catch {
    // Not a git checkout: fall through to the fixed date below.
  }
  return '1970-01-01';
}

/** The commit the build was made from, or null outside a git checkout. */
export function buildCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}
