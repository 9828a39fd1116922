// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'dist.*/**',
      '.astro/**',
      'node_modules/**',
      'snapshots/**',
      'public/katex/**',
      'public/what-if/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
  },
  ...astro.configs.recommended,
  {
    files: ['**/*.astro'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['public/js/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The engine is pure: it runs anywhere (a browser, another runtime) and its output depends on its
    // input alone, so it may import nothing from Node and read nothing of the process it runs in.
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The engine imports nothing from Node (inject what it needs).' },
            {
              group: ['fs', 'path', 'os', 'crypto', 'child_process', 'process'],
              message: 'The engine imports nothing from Node.',
            },
            { group: ['**/lib/**', 'astro', 'astro:*'], message: 'The engine depends on no site code.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'The engine reads nothing of the process it runs in.' },
        { name: 'Buffer', message: "The engine uses Uint8Array, not Node's Buffer." },
        { name: 'require', message: 'The engine imports nothing at run time.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='process']",
          message: 'The engine reads nothing of the process it runs in.',
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'process', message: 'The engine reads nothing of the process it runs in.' },
        { object: 'Math', property: 'random', message: 'The engine is deterministic.' },
        { object: 'Date', property: 'now', message: 'The engine has no clock.' },
      ],
    },
  },
);
