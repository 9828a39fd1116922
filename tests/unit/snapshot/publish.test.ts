/**
 * `ledger snapshot --publish`: the ZIP and the WACZ go into the site's `archive/`, beside their
 * `.sha256` lines, and the archive page lists each with a link that resolves, its exact size and
 * its SHA-256 (worked out here from the files), once; a site already published, or with no archive
 * page to publish on, is refused before anything is written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { snapshotCommand } from '../../../src/cli/snapshot.ts';
import { runInProcess, tempDir } from '../../support/cli.ts';
import { fewClaims, repositoryContent, writeSiteLayout } from '../verify/layout.ts';

/** An archive page as a build writes it: the download section empty, with Astro's scoping attribute. */
const ARCHIVE_PAGE =
  '<!DOCTYPE html><html lang="en"><head><title>Offline archive</title></head><body><main><h1>Offline archive</h1>' +
  '<h2 id="download">Download a snapshot</h2><div data-snapshot-downloads data-astro-cid-x1><p>No snapshot is published beside this copy of the site.</p></div>' +
  '<h2 id="make">Make a snapshot</h2></main></body></html>\n';

/**
 * A built site of two of the repository's claims under every model (what is tested is where the
 * archives go and how the page lists them), a home page and, unless told otherwise, an archive page.
 */
function builtSite(withArchive = true): string {
  const root = tempDir();
  writeSiteLayout(join(root, 'site'), fewClaims(repositoryContent()));
  writeFileSync(join(root, 'site', 'index.html'), '<!DOCTYPE html><html lang="en"><title>Claims</title></html>\n');
  if (withArchive) {
    mkdirSync(join(root, 'site', 'archive'));
    writeFileSync(join(root, 'site', 'archive', 'index.html'), ARCHIVE_PAGE);
  }
  return root;
}

const publish = (root: string, out = 'out') =>
  runInProcess((io) =>
    snapshotCommand(
      io,
      { dist: 'site', out, publish: true },
      { cwd: root, progress: false, env: { ...process.env, SOURCE_DATE_EPOCH: '1790000000' } },
    ),
  );

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('ledger snapshot --publish', () => {
  it('puts the ZIP and the WACZ beside the site and lists each on the archive page with its size and SHA-256', async () => {
    const root = builtSite();
    const run = await publish(root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Published both in site/archive/ and listed them on its page');
    const archive = join(root, 'site', 'archive');
    const made = readdirSync(join(root, 'out')).sort();
    // The files published are the files made, byte for byte.
    expect(readdirSync(archive).sort()).toEqual([...made, 'index.html'].sort());
    for (const name of made) expect(readFileSync(join(archive, name))).toEqual(readFileSync(join(root, 'out', name)));

    const page = readFileSync(join(archive, 'index.html'), 'utf8');
    expect(page).not.toContain('No snapshot is published');
    // 2026-09-21, the date SOURCE_DATE_EPOCH 1790000000 gives.
    expect(page).toContain('<time datetime="2026-09-21">2026-09-21</time>');
    const items = [...page.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(2);
    for (const [item, suffix] of items.map((item, i) => [item, ['.zip', '.wacz'][i]!] as const)) {
      const name = made.find((n) => n.endsWith(suffix))!;
      const file = join(archive, name);
      const hrefs = [...item.matchAll(/href="([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
      expect(hrefs).toEqual([name, `${name}.sha256`]);
      for (const href of hrefs) expect(existsSync(join(archive, href))).toBe(true);
      expect(item).toContain(`${statSync(file).size.toLocaleString('en-GB')} bytes`);
      expect(item).toContain(`<code class="sha256">${sha256(file)}</code>`);
      expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${sha256(file)}  ${name}\n`);
    }
  });

  it('refuses a site whose snapshot was published already, writing nothing', async () => {
    const root = builtSite();
    expect((await publish(root)).code).toBe(0);
    const page = readFileSync(join(root, 'site', 'archive', 'index.html'), 'utf8');
    const again = await publish(root, 'out-again');
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      'ledger snapshot --publish: site: archive/index.html has no empty download section: a snapshot was published there already, or the site was built by an older version; build it again. No snapshot written.\n',
    );
    expect(existsSync(join(root, 'out-again'))).toBe(false);
    expect(readFileSync(join(root, 'site', 'archive', 'index.html'), 'utf8')).toBe(page);
  });

  it('refuses a site with no archive page, writing nothing', async () => {
    const root = builtSite(false);
    const run = await publish(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'ledger snapshot --publish: site: archive/index.html is missing, so there is no page to publish the snapshot on. No snapshot written.\n',
    );
    expect(existsSync(join(root, 'out'))).toBe(false);
    expect(existsSync(join(root, 'site', 'archive'))).toBe(false);
  });
});
