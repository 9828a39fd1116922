// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'dist.*/**',
      '.astro/**',
      // The build stages its site under .cache/ while it runs, and npm test lints beside builds.
      '.cache/**',
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
    // No import cycles: a module is understood (and tested) after what it imports, never in a
    // circle with it. The site's data takes the features' results and the features take the site
    // as a parameter; shared types live in modules of their own (src/lib/site/types.ts, …).
    files: ['src/**/*.ts', 'src/**/*.js', 'scripts/**/*.ts', 'scripts/**/*.js'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Each file one concern, small enough to read at once: the tests too (the Python reference is
    // held to the same by tests/unit/reference/lines.test.ts; tests/golden holds data, not code).
    files: ['src/**', 'scripts/**', 'tests/**/*.ts', 'tests/**/*.js', 'tests/**/*.mjs'],
    rules: { 'max-lines': ['error', { max: 350 }] },
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
