import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    globalSetup: ['tests/support/unit-tmp.ts'],
    testTimeout: 60_000,
  },
});
