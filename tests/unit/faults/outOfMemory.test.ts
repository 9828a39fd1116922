/**
 * A build whose Astro process runs out of memory ends in one sentence (what ran out, what to set),
 * never V8's fatal error and its native stack trace, and leaves nothing half-written.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildHeap,
  defaultServerHeapMb,
  DEFAULT_HEAP_MB,
  outOfMemorySentence,
  ranOutOfMemory,
} from '../../../src/lib/site/build/outOfMemory.ts';
import { looksLikeStackTrace, REPO_ROOT, workspace } from '../../support/cli.ts';
import { runBuild } from './support.ts';

describe('running out of memory', () => {
  it.each([
    'FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory',
    'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
    '<--- Last few GCs --->\n\nFATAL ERROR: MarkCompactCollector: young object promotion failed Allocation failed - JavaScript heap out of memory',
  ])('knows V8’s words for it: %s', (stderr) => {
    expect(ranOutOfMemory(stderr)).toBe(true);
  });

  it('does not take another failure for it', () => {
    expect(ranOutOfMemory('[ERROR] [vite] Could not resolve "./x"\nError: Missing parameter: state')).toBe(false);
  });

  it('gives the Astro process the default heap, the one LEDGER_BUILD_HEAP_MB names, or leaves NODE_OPTIONS’s alone', () => {
    expect(buildHeap({})).toEqual({ mb: DEFAULT_HEAP_MB });
    expect(buildHeap({ LEDGER_OUTPUT: 'server' })).toEqual({ mb: defaultServerHeapMb() });
    // Half the machine's memory for a server build, at least 4 GB.
    expect(defaultServerHeapMb(24_000)).toBe(12_000);
    expect(defaultServerHeapMb(6_000)).toBe(4096);
    expect(buildHeap({ LEDGER_OUTPUT: 'server', LEDGER_BUILD_HEAP_MB: '2048' })).toEqual({ mb: 2048 });
    expect(buildHeap({ LEDGER_BUILD_HEAP_MB: '4096' })).toEqual({ mb: 4096 });
    expect(buildHeap({ NODE_OPTIONS: '--max-old-space-size=3000', LEDGER_BUILD_HEAP_MB: '4096' })).toEqual({
      mb: null,
    });
    for (const bad of ['4 GB', '-1', '8', '1e9']) {
      const heap = buildHeap({ LEDGER_BUILD_HEAP_MB: bad });
      expect('problem' in heap && heap.problem).toContain(JSON.stringify(bad));
    }
  });

  it('says what ran out and what to set', () => {
    const sentence = outOfMemorySentence(1536, 24000);
    expect(sentence).toContain('ran out of memory');
    expect(sentence).toContain('1536 MB heap');
    expect(sentence).toContain('LEDGER_BUILD_HEAP_MB');
    expect(sentence).toContain('24000 MB');
    // A static build names the server mode for a site this size; a server build does not.
    expect(sentence).toContain('npm run build:server');
    expect(outOfMemorySentence(4096, 24000, true)).not.toContain('build:server');
  });

  it('stops a real build that runs out in one sentence, with no fatal error or stack trace, and writes no site', () => {
    const ws = workspace();
    const dist = join(ws.root, 'site');
    // The repository's own content, so that the check passes and Astro itself is what runs out.
    const outcome = runBuild(
      ws,
      dist,
      {},
      {
        LEDGER_BUILD_HEAP_MB: '48',
        LEDGER_CONTENT: join(REPO_ROOT, 'content'),
        LEDGER_MODELS: join(REPO_ROOT, 'models'),
      },
    );
    expect(outcome.code).toBe(1);
    // The repository's claims with no claimant are warned about before the build starts.
    const lines = outcome.stderr
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('warning: '));
    expect(lines).toEqual([`Build stopped: ${outOfMemorySentence(48)}; the previous site was left untouched.`]);
    expect(outcome.stderr).not.toContain('FATAL ERROR');
    expect(looksLikeStackTrace(outcome.stderr)).toBe(false);
    expect(existsSync(join(dist, 'index.html'))).toBe(false);
    expect(readdirSync(ws.root).filter((name) => name.includes('staging'))).toEqual([]);
  }, 120_000);
});
