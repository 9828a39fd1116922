/**
 * Throw-away projects for the benchmark, each in its own folder so that its build shares nothing
 * with the repository's or another build's (Astro puts intermediate files in `.astro/` and
 * `node_modules/.astro` of the project it builds): a copy of this site with synthetic claims, and a
 * bare Astro site of N trivial pages. Both use the repository's installed packages through symbolic
 * links, so the same Astro builds both.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { claimYaml, syntheticClaim, syntheticSlug } from './synthetic.ts';

/** Folders of node_modules that hold a build's caches: each project gets its own. */
const CACHE_ENTRIES = new Set(['.astro', '.vite', '.cache']);

/** Links every installed package of `repo` into `project/node_modules`, leaving out cache folders. */
function linkPackages(repo: string, project: string): void {
  const target = join(project, 'node_modules');
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(join(repo, 'node_modules'))) {
    if (!CACHE_ENTRIES.has(name)) symlinkSync(join(repo, 'node_modules', name), join(target, name));
  }
}

/** The files of the site as the working tree has them (tracked and new, not ignored), minus tests and claims. */
function siteFiles(repo: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return (
    listed
      .split('\0')
      .filter((file) => file !== '' && !file.startsWith('tests/') && !file.startsWith('content/claims/'))
      // A file deleted in the working tree but still tracked is skipped.
      .filter((file) => existsSync(join(repo, file)))
  );
}

/** Copies the site into `project` (which must not exist) with its own node_modules links. */
export function copySite(repo: string, project: string): void {
  for (const file of siteFiles(repo)) {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    copyFileSync(join(repo, file), join(project, file));
  }
  linkPackages(repo, project);
}

/** Replaces the project's claims with synthetic claims 0 to n − 1. */
export function writeClaims(project: string, n: number, onClaim?: () => void): void {
  const dir = join(project, 'content', 'claims');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < n; i++) {
    writeFileSync(join(dir, `${syntheticSlug(i)}.yaml`), claimYaml(syntheticClaim(i)));
    onClaim?.();
  }
}

/** The path of synthetic claim `i` in a project. */
export function claimFile(project: string, i: number): string {
  return join(project, 'content', 'claims', `${syntheticSlug(i)}.yaml`);
}

/** A bare Astro site of `n` trivial pages (one dynamic route), built with the same Astro. */
export function bareSite(repo: string, project: string, n: number): void {
  mkdirSync(join(project, 'src', 'pages', 'claims', '[slug]'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bare-bench', private: true, type: 'module' }));
  writeFileSync(
    join(project, 'astro.config.mjs'),
    "import { defineConfig } from 'astro/config';\nexport default defineConfig({ trailingSlash: 'always', build: { format: 'directory' }, devToolbar: { enabled: false } });\n",
  );
  writeFileSync(
    join(project, 'src', 'pages', 'claims', '[slug]', 'index.astro'),
    [
      '---',
      `export function getStaticPaths() { return Array.from({ length: ${n} }, (_, i) => ({ params: { slug: 'claim-' + i } })); }`,
      'const { slug } = Astro.params;',
      '---',
      '<html lang="en"><head><meta charset="utf-8"><title>{slug}</title></head><body><h1>{slug}</h1><p>A trivial page.</p></body></html>',
      '',
    ].join('\n'),
  );
  linkPackages(repo, project);
}

/**
 * Puts a project's claims and default into git with a history: one commit of every claim, then
 * `revisions` commits that each reword the statement of a quarter of the claims, so that the
 * history pages have something to read. Dates are fixed, so every run writes the same commits.
 */
export function commitHistory(project: string, n: number, revisions = 3): void {
  const git = (args: string[], date = '2026-11-01T12:00:00Z'): void => {
    execFileSync('git', args, {
      cwd: project,
      stdio: 'ignore',
      env: {
        ...process.env,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_AUTHOR_NAME: 'bench',
        GIT_AUTHOR_EMAIL: 'bench@example.org',
        GIT_COMMITTER_NAME: 'bench',
        GIT_COMMITTER_EMAIL: 'bench@example.org',
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    });
  };
  git(['init', '-q']);
  git(['add', 'content/claims', 'models']);
  git(['commit', '-q', '-m', 'Every claim']);
  for (let r = 1; r <= revisions; r++) {
    for (let i = r - 1; i < n; i += 4) {
      const file = claimFile(project, i);
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/^statement: (.*)$/m, `statement: "Revision ${r}: a reworded statement."`),
      );
    }
    git(['add', 'content/claims']);
    git(['commit', '-q', '-m', `Revision ${r}`], `2026-11-0${r + 1}T12:00:00Z`);
  }
}
