/**
 * The checked content, handed by the build script to the processes it starts. `npm run build` reads
 * and checks every claim and model file before anything is kept; Astro's build (getSite) and a
 * server build's compare rows (compareApartMain.ts) then read what the check read, from one file of
 * `.cache/`, rather than reading and parsing every file again: at 20,000 claims a parse of the
 * content took about 35 s of a core, and a server build did it three times.
 *
 * The build script names the file in `LEDGER_CHECKED` when it starts Astro, before its check has
 * ended (Astro bundles the site meanwhile); getSite waits for the file to appear. It is written
 * whole under another name and then renamed, so that a reader never sees part of it. If the build
 * script goes, a process waiting for it stops with a message rather than waiting on.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { Claim } from '../../engine/index.ts';
import type { LoadedModel } from './load.ts';

/** The variable that names the file of the checked content. */
export const CHECKED_ENV = 'LEDGER_CHECKED';

/** What the check read: every model, the default's id, and every claim with its slug and file. */
export interface CheckedContent {
  readonly models: readonly LoadedModel[];
  readonly defaultModel: string;
  readonly claims: readonly { readonly slug: string; readonly file: string; readonly claim: Claim }[];
}

/** A claim as handed over: its slug, file and claim, without what the check kept to report lines. */
export function checkedClaim({
  slug,
  file,
  claim,
}: CheckedContent['claims'][number]): CheckedContent['claims'][number] {
  return { slug, file, claim };
}

/** Writes the checked content to `file`, whole (under a partial name first). */
export function handOver(file: string, content: CheckedContent): void {
  const whole: CheckedContent = {
    models: content.models,
    defaultModel: content.defaultModel,
    claims: content.claims.map(checkedClaim),
  };
  const partial = `${file}.partial`;
  writeFileSync(partial, serialize(whole));
  renameSync(partial, file);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * The content handed over in the file `env` names, once it is there (with `wait`; else at once);
 * null when no file is named (a build not started by the build script, `astro dev`, a test).
 * Throws if the file is not there and the process that was to write it is gone (or, without
 * `wait`, if it is not there).
 */
export function handedContent(
  env: Readonly<Record<string, string | undefined>> = process.env,
  { wait = true }: { wait?: boolean } = {},
): CheckedContent | null {
  const file = env[CHECKED_ENV];
  if (!file) return null;
  const parent = process.ppid;
  while (!existsSync(file)) {
    if (!wait) throw new Error(`the checked content was not handed over (${file})`);
    if (process.ppid !== parent)
      throw new Error(`the build that was to hand over the checked content (${file}) has stopped`);
    Atomics.wait(pause, 0, 0, 20);
  }
  return deserialize(readFileSync(file)) as CheckedContent;
}
