/**
 * What package.json declares matches what the lock installs: the Node versions `engines` admits are
 * ones every locked package accepts, and one KaTeX typesets every formula.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
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
