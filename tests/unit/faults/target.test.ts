/**
 * A build replaces the whole folder LEDGER_DIST names (the old one is renamed away and deleted), so
 * it refuses a folder that is or holds the project or a folder it reads, and a folder of files that
 * is not a site: `LEDGER_DIST=.` used to rename the repository away and delete it, and
 * `LEDGER_DIST=content` to replace the claims with the site.
 */
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { targetProblem } from '../../../src/lib/site/build/target.ts';
import { siteStamp } from '../../../src/lib/snapshot/snapshot.ts';
import { looksLikeStackTrace, tempDir, workspace } from '../../support/cli.ts';
import { CODE_HASH } from '../snapshot/fixture.ts';
import { runBuild } from './support.ts';

describe('targetProblem', () => {
  const root = tempDir();
  const content = join(tempDir(), 'content');
  const own = 'a build replaces the whole folder it is given';

  it.each([
    ['the project', root, `is the project folder or holds it, and ${own}`],
    ['a folder holding the project', dirname(root), `is the project folder or holds it, and ${own}`],
    ['the content folder it reads', content, `is or holds ${content}, which the build reads or keeps, and ${own}`],
    [
      'a folder inside the content',
      join(content, 'claims'),
      `is or holds ${content}, which the build reads or keeps, and ${own}`,
    ],
    [
      'a folder holding the content',
      dirname(content),
      `is or holds ${content}, which the build reads or keeps, and ${own}`,
    ],
    [
      'the project’s public/',
      join(root, 'public'),
      `is or holds ${join(root, 'public')}, which the build reads or keeps, and ${own}`,
    ],
    [
      'the project’s .git',
      join(root, '.git'),
      `is or holds ${join(root, '.git')}, which the build reads or keeps, and ${own}`,
    ],
  ])('refuses %s', (_, out, why) => {
    expect(targetProblem(out, root, [content])).toBe(
      `LEDGER_DIST=${out} ${why}: set LEDGER_DIST to a folder of its own, such as dist`,
    );
  });

  it('refuses a folder of files with no index.html, a file, and a symbolic link', () => {
    const parent = tempDir();
    mkdirSync(join(parent, 'notes'));
    writeFileSync(join(parent, 'notes', 'todo.txt'), 'keep me');
    writeFileSync(join(parent, 'file'), 'x');
    symlinkSync(join(parent, 'notes'), join(parent, 'link'));
    expect(targetProblem(join(parent, 'notes'), root, [content])).toBe(
      `LEDGER_DIST=${join(parent, 'notes')} holds files but no index.html, so it is not a site a build made, and ${own}: empty it or set LEDGER_DIST to a folder of its own`,
    );
    expect(targetProblem(join(parent, 'file'), root, [content])).toBe(
      `LEDGER_DIST=${join(parent, 'file')} is a file, not a folder: remove it or set LEDGER_DIST to a folder`,
    );
    expect(targetProblem(join(parent, 'link'), root, [content])).toBe(
      `LEDGER_DIST=${join(parent, 'link')} is a symbolic link, which a build would replace with a folder: set LEDGER_DIST to the folder it points at`,
    );
  });

  it('accepts a new folder, an empty one, a previous site, and dist/ inside the project', () => {
    const parent = tempDir();
    mkdirSync(join(parent, 'empty'));
    mkdirSync(join(parent, 'site'));
    writeFileSync(join(parent, 'site', 'index.html'), '');
    for (const out of [join(parent, 'new'), join(parent, 'empty'), join(parent, 'site'), join(root, 'dist')])
      expect(targetProblem(out, root, [content])).toBeNull();
  });
});

it('npm run build refuses LEDGER_DIST naming the content folder, before touching it', () => {
  const ws = workspace();
  const claim = ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));

  const build = runBuild(ws, ws.content);

  expect(build.code).toBe(1);
  expect(build.stderr).toBe(
    `Build stopped: LEDGER_DIST=${ws.content} is or holds ${ws.content}, which the build reads or keeps, and a build replaces the whole folder it is given: set LEDGER_DIST to a folder of its own, such as dist; the previous site was left untouched.\n`,
  );
  expect(looksLikeStackTrace(build.stderr)).toBe(false);
  expect(existsSync(claim)).toBe(true);
  expect(readdirSync(ws.root).sort()).toEqual(['content', 'models']);
});

describe('a built site’s traces name the snapshot file, so their stamp must be an id and a hash', () => {
  const trace = (model: string, codeHash: string): Uint8Array =>
    new TextEncoder().encode(JSON.stringify({ model, codeHash }));

  it.each([
    ['../../../outside@1.0.0', CODE_HASH, 'model: "../../../outside@1.0.0" is not a model id such as ledger@1.0.0'],
    ['m/x@1.0.0', CODE_HASH, 'model: "m/x@1.0.0" is not a model id such as ledger@1.0.0'],
    ['m@1.0.0', 'sha256:../../x', 'codeHash: "sha256:../../x" is not sha256:<64 hex digits>'],
  ])('refuses model %s with code hash %s', (model, codeHash, why) => {
    const site = new Map([['claims/a/trace.json', trace(model, codeHash)]]);
    expect(siteStamp(site)).toEqual({ problem: `claims/a/trace.json: ${why}` });
  });

  it('accepts a model id and a code hash', () => {
    const site = new Map([['claims/a/trace.json', trace('ledger-strict@0.1.0', CODE_HASH)]]);
    expect(siteStamp(site)).toEqual({ defaultModel: 'ledger-strict@0.1.0', codeHash: CODE_HASH });
  });
});
