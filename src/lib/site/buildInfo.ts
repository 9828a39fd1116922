/**
 * What a build stamps on its pages. The date comes from SOURCE_DATE_EPOCH, else the last commit,
 * else (a copy of the repository without its history) the newest date written in the content;
 * never the clock, so that two builds of one commit are byte-identical.
 */
import { execFileSync } from 'node:child_process';
import type { Claim, Model } from '../../engine/index.ts';
import { reviewDate } from '../../engine/index.ts';

/** Where a build's date came from. */
export type DateSource = 'SOURCE_DATE_EPOCH' | 'git' | 'content' | 'none';

/** The date used when nothing gives one. */
export const NO_DATE = '1970-01-01';

/** Where to look for a date besides SOURCE_DATE_EPOCH. */
export interface DateOptions {
  /** The folder git is asked in (the working directory by default). */
  readonly cwd?: string;
  /** The dates the content holds (YYYY-MM-DD), asked only when neither the variable nor git gives one. */
  readonly dates?: () => Iterable<string>;
}

const dayOf = (seconds: string): string => new Date(Number(seconds) * 1000).toISOString().slice(0, 10);

/** The build's date as YYYY-MM-DD (UTC), and where it came from. */
export function datedBy(
  env: NodeJS.ProcessEnv = process.env,
  options: DateOptions = {},
): { date: string; source: DateSource } {
  const epoch = env['SOURCE_DATE_EPOCH'];
  if (epoch !== undefined && /^\d+$/.test(epoch)) return { date: dayOf(epoch), source: 'SOURCE_DATE_EPOCH' };
  try {
    const committed = execFileSync('git', ['log', '-1', '--format=%ct'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    }).trim();
    if (/^\d+$/.test(committed)) return { date: dayOf(committed), source: 'git' };
  } catch {
    // Not a git checkout (or no git): the content's own dates below.
  }
  let newest: string | null = null;
  for (const date of options.dates?.() ?? [])
    if (/^\d{4}-\d{2}-\d{2}$/.test(date) && (newest === null || date > newest)) newest = date;
  return newest === null ? { date: NO_DATE, source: 'none' } : { date: newest, source: 'content' };
}

/** The build's date as YYYY-MM-DD (UTC); see datedBy. */
export function buildDate(env: NodeJS.ProcessEnv = process.env, options: DateOptions = {}): string {
  return datedBy(env, options).date;
}

/** Every date a ledger's files state: claims' `recorded`, reviews' `on`, models' `released`. */
export function* contentDates(
  claims: Iterable<{ claim: Claim }>,
  models: Iterable<{ model: Model }>,
): Generator<string> {
  for (const { claim } of claims) {
    yield claim.recorded;
    for (const review of claim.reviews) yield reviewDate(review);
  }
  for (const { model } of models) yield model.released;
}

/** The line a build prints when its date did not come from SOURCE_DATE_EPOCH or git, else null. */
export function dateNote(dated: { date: string; source: DateSource }, what = 'The site'): string | null {
  if (dated.source === 'content')
    return `${what} is dated ${dated.date}, the newest date in the content (claims' recorded, reviews' on, models' released), as neither SOURCE_DATE_EPOCH nor git history gives a date.\n`;
  if (dated.source === 'none')
    return `${what} is dated ${NO_DATE}: neither SOURCE_DATE_EPOCH, git history nor the content gives a date; set SOURCE_DATE_EPOCH to date it.\n`;
  return null;
}

/** The commit the build was made from, or null outside a git checkout. */
export function buildCommit(cwd?: string): string | null {
  try {
    return (
      execFileSync('git', ['rev-parse', 'HEAD'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        ...(cwd === undefined ? {} : { cwd }),
      }).trim() || null
    );
  } catch {
    return null;
  }
}
