/**
 * What package.json declares matches what the lock installs and the code imports: the Node versions
 * `engines` admits are ones every locked package accepts, one KaTeX typesets every formula, and
 * what a site owner runs needs only `dependencies`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

/** Every Node release line from 18 to 30, minors 0–40 and patches 0–12: enough to meet every bound. */
function candidateVersions(): string[] {
  const versions: string[] = [];
  for (let major = 18; major <= 30; major++)
    for (let minor = 0; minor <= 40; minor++)
      for (let patch = 0; patch <= 12; patch++) versions.push(`${major}.${minor}.${patch}`);
  return versions;
}

describe('package.json', () => {
  it('admits only Node versions that every locked package accepts', () => {
    const wanted = new Map<string, [semver.Range, string]>();
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      if (range && !wanted.has(range)) wanted.set(range, [new semver.Range(range), path]);
    }
    const declared = new semver.Range(manifest.engines.node);
    const refused = candidateVersions()
      .filter((version) => declared.test(version))
      .flatMap((version) =>
        [...wanted]
          .filter(([, [parsed]]) => !parsed.test(version))
          .map(([range, [, path]]) => `${version}: ${path} wants ${range}`),
      );
    expect(refused.slice(0, 5)).toEqual([]);
  });

  it('admits Node 20 from 20.19.5, the line the project runs on', () => {
    expect(semver.satisfies('20.19.5', manifest.engines.node)).toBe(true);
  });

  it('installs one KaTeX', () => {
    const versions = Object.entries(lock.packages)
      .filter(([path]) => path === 'node_modules/katex' || path.endsWith('/node_modules/katex'))
      .map(([path, entry]) => `${path}@${entry.version}`);
    expect(versions).toEqual([`node_modules/katex@${lock.packages['node_modules/katex']?.version}`]);
  });
});

/** The files a site owner's commands run: src/, scripts/ (not scripts/dev/) and the Astro config. */
function runTimeFiles(): string[] {
  const files = ['astro.config.mjs'];
  const visit = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (path !== 'scripts/dev') visit(path);
      } else if (/\.(ts|js|mjs|astro|mdx)$/.test(entry.name)) files.push(path);
    }
  };
  visit('src');
  visit('scripts');
  return files;
}

/** The package a bare module name comes from (`@scope/name/x` → `@scope/name`), or null for Node's and Astro's own. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || /^(node|astro|virtual):/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

describe('dependencies', () => {
  it('declare every package the build, the server and the ledger command import', () => {
    // Value imports only: `import type` and `export type` vanish when TypeScript is stripped.
    const IMPORT =
      /(?:^|\n)\s*(import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
    const undeclared: string[] = [];
    for (const file of runTimeFiles()) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const name = packageOf(match[2] ?? match[3]!);
        if (name && !(name in manifest.dependencies)) undeclared.push(`${relative(ROOT, join(ROOT, file))}: ${name}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('declare tsx, which runs the build, the server and the ledger command', () => {
    for (const name of ['build', 'build:server', 'start', 'ledger'])
      expect(manifest.scripts[name]).toMatch(/\btsx scripts\/[^/]+$/);
    expect(manifest.dependencies).toHaveProperty('tsx');
  });
});
