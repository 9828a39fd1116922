import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files that change the process's state for the files after them (environment variables left
 * set, fake timers, a working directory, stores opened by module-level code), or that start whole
 * builds and servers: each runs in a fresh module graph of its own.
 */
const ISOLATED = [
  'tests/unit/authoring/**/*.test.ts',
  'tests/unit/faults/**/*.test.ts',
  'tests/unit/history/**/*.test.ts',
  // Its highlighter's memo of grammar states is the module's: other files' code must not fill it first.
  'tests/unit/render/highlight.test.ts',
  'tests/unit/listing/**/*.test.ts',
  'tests/unit/server/**/*.test.ts',
  'tests/unit/ecosystem/basePath.test.ts',
  'tests/unit/site/pool.test.ts',
  'tests/unit/snapshot/zip.test.ts',
  'tests/unit/validation/files.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['tests/support/unit-tmp.ts'],
    testTimeout: 60_000,
    // Vitest's own default is one worker fewer than cores: on 2 cores the unit tests ran one file at
    // a time and, beside the browser tests in `npm test`, ended a minute after everything else.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        // Every other file shares one module graph a worker: each file's imports (the engine, the
        // site's view functions, KaTeX, shiki) are loaded once a worker rather than once a file.
        test: { name: 'shared', include: ['tests/unit/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
