/**
 * When the Astro process runs out of memory, V8 prints a "FATAL ERROR … JavaScript heap out of
 * memory" and a native stack trace. The build catches that and says in one sentence what ran out
 * and what to set instead.
 */
import { totalmem } from 'node:os';

/** This machine's memory in MB. */
const machineMemoryMb = (): number => Math.round(totalmem() / 2 ** 20);

/**
 * The heap the build gives the Astro process unless told otherwise, in MB: a 10,000-claim build
 * (with its history) fits in it, the Astro process peaking at 1,259 MB resident and Pagefind's
 * indexer after it at 1,412 MB. With 1,200 MB, and before the compare pages kept only their latest
 * pairs, the Astro process peaked at 1,596 MB; with 1,536 MB, before the history, at 1,664 MB.
 */
export const DEFAULT_HEAP_MB = 1024;

/**
 * The same for a server build (`LEDGER_OUTPUT=server`): half the machine's memory, at least 4,096 MB.
 * Its prerendered listings, compare pages and changes feed need every claim's summary under every
 * model while it builds, so what it keeps grows with the claims: 20,000 claims once ran out of
 * 1,024 MB, and 100,000 claims at 4,096 MB were still collecting garbage after 18 minutes (with
 * 12,000 MB it built, peaking at 9,072 MB resident). A cap, not an allocation: a build takes what
 * it uses.
 */
export function defaultServerHeapMb(machineMb: number = machineMemoryMb()): number {
  return Math.max(4096, Math.floor(machineMb / 2));
}

/** What V8 writes when a heap runs out (the wording differs between its collectors). */
const OUT_OF_MEMORY =
  /JavaScript heap out of memory|Ineffective mark-compacts near heap limit|Reached heap limit|FATAL ERROR: [^\n]*Allocation failed/;

/** True when a process's standard error says its JavaScript heap ran out. */
export function ranOutOfMemory(stderr: string): boolean {
  return OUT_OF_MEMORY.test(stderr);
}

/**
 * The heap for the Astro process from `LEDGER_BUILD_HEAP_MB`, the default, or null when
 * `NODE_OPTIONS` already sets one; a problem for a value that is not a whole number of megabytes.
 */
export function buildHeap(env: NodeJS.ProcessEnv): { mb: number | null } | { problem: string } {
  if (/--max-old-space-size/.test(env['NODE_OPTIONS'] ?? '')) return { mb: null };
  const given = env['LEDGER_BUILD_HEAP_MB'];
  if (given === undefined || given === '')
    return { mb: env['LEDGER_OUTPUT'] === 'server' ? defaultServerHeapMb() : DEFAULT_HEAP_MB };
  if (!/^\d{1,7}$/.test(given) || Number(given) < 16)
    return {
      problem: `LEDGER_BUILD_HEAP_MB must be a whole number of megabytes, at least 16; it is ${JSON.stringify(given)}`,
    };
  return { mb: Number(given) };
}

/**
 * The one sentence for a build whose heap ran out (`mb` null: NODE_OPTIONS set it); a static build's
 * names the server mode, which renders claim pages on request, for a site of this size.
 */
export function outOfMemorySentence(
  mb: number | null,
  machineMb: number = machineMemoryMb(),
  onServer = false,
): string {
  const cap = mb === null ? 'the heap NODE_OPTIONS gives it' : `its ${mb} MB heap`;
  return (
    `the site builder (Astro) ran out of memory: the build needed more than ${cap}. ` +
    `Set LEDGER_BUILD_HEAP_MB to give it more (this machine has ${machineMb} MB in all), ` +
    (onServer
      ? 'or build the server from fewer claims'
      : 'build the site from fewer claims, or for a site this size build the server mode instead ' +
        '(npm run build:server), which renders claim pages on request')
  );
}
