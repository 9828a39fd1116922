/**
 * Reading the content and models folders as `check` (and so the build) does, with hostile files:
 * other files among the claims, links out of the repository, files too large to read, bytes that
 * are not UTF-8, and a lock edited together with the model it records. Each is a named problem.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommand } from '../../../src/cli/check.ts';
import { releaseCommand } from '../../../src/cli/release.ts';
import { hashOf, type Json } from '../../../src/engine/index.ts';
import { MAX_FILE_BYTES } from '../../../src/lib/input/load.ts';
import {
  FIXTURES,
  looksLikeStackTrace,
  problemLines,
  runChild,
  runInProcess,
  shown,
  tempDir,
  workspace,
  type Workspace,
} from '../../support/cli.ts';
import { strictModel } from '../../support/model.ts';

const CLAIM = readFileSync(join(FIXTURES, 'claims', 'water-plant.yaml'), 'utf8');

const check = (ws: Workspace, options: { content?: string; models?: string } = {}) =>
  runInProcess((io) =>
    checkCommand(io, { content: options.content ?? ws.content, models: options.models ?? ws.models }),
  );

/** The `file:line: field` of each problem `check` prints, and its exit code. */
async function prefixes(
  ws: Workspace,
  options: { content?: string; models?: string } = {},
): Promise<{ code: number | null; problems: string[] }> {
  const outcome = await check(ws, options);
  return {
    code: outcome.code,
    problems: problemLines(outcome.stderr).map((line) => line.split(': ').slice(0, 2).join(': ')),
  };
}

/** A workspace with the fixture models and the water-plant claim. */
function withGoodClaim(): Workspace {
  const ws = workspace();
  ws.write(join('content', 'claims', 'water-plant.yaml'), CLAIM);
  return ws;
}

describe('claims are <slug>.yaml files and nothing else', () => {
  it('names same.yml beside same.yaml instead of losing one claim', async () => {
    const ws = withGoodClaim();
    ws.write(join('content', 'claims', 'same.yaml'), CLAIM);
    const yml = ws.write(join('content', 'claims', 'same.yml'), CLAIM.replace('every quarterly test', 'every test'));
    const outcome = await check(ws);
    expect(outcome.code).toBe(1);
    expect(problemLines(outcome.stderr)).toEqual([
      `${shown(yml)}:1: (file name): is not a claim file: a claim is <slug>.yaml (lower-case .yaml), and the build would not read this one; rename it to same.yaml`,
    ]);
  });

  it.each(['x.YAML', 'x.Yaml', 'x.json', 'x.txt', 'README.md', 'x'])(
    'names %s (and leaves hidden files such as .gitkeep alone)',
    async (name) => {
      const ws = withGoodClaim();
      ws.write(join('content', 'claims', '.gitkeep'), '');
      const file = ws.write(join('content', 'claims', name), CLAIM);
      expect(await prefixes(ws)).toEqual({ code: 1, problems: [`${shown(file)}:1: (file name)`] });
    },
  );

  it('names a folder among the claims', async () => {
    const ws = withGoodClaim();
    const folder = join(ws.claims, 'more');
    ws.write(join('content', 'claims', 'more', 'a.yaml'), CLAIM);
    expect(await prefixes(ws)).toEqual({ code: 1, problems: [`${shown(folder)}:1: (file)`] });
  });

  it.each(['a--b', 'trailing-', '2026--budget'])(
    'accepts the slug %s, which matches [a-z0-9][a-z0-9-]* (docs/design.md §3)',
    async (slug) => {
      const ws = workspace();
      ws.write(join('content', 'claims', `${slug}.yaml`), CLAIM);
      expect(await prefixes(ws)).toEqual({ code: 0, problems: [] });
    },
  );
});

describe('symbolic links are refused, never followed out of the repository', () => {
  const outside = (): string => {
    const file = join(tempDir('ledger-outside-'), 'secret.yaml');
    writeFileSync(file, CLAIM.replace('The Eastbrook water plant', 'A secret from outside the repository:'));
    return file;
  };

  it('refuses a link among the claims', async () => {
    const ws = withGoodClaim();
    const link = join(ws.claims, 'secret.yaml');
    symlinkSync(outside(), link);
    const outcome = await check(ws);
    expect(problemLines(outcome.stderr)).toEqual([
      `${shown(link)}:1: (file): is a symbolic link; the ledger reads only ordinary files and folders inside the repository, so put the file itself here`,
    ]);
    expect(outcome.code).toBe(1);
  });

  it('refuses a claims folder that is a link', async () => {
    const ws = workspace();
    const real = join(tempDir('ledger-outside-'), 'claims');
    cpSync(join(FIXTURES, 'claims'), real, { recursive: true });
    const content = join(ws.root, 'linked-content');
    ws.write(join('linked-content', '.keep'), '');
    symlinkSync(real, join(content, 'claims'));
    expect(await prefixes(ws, { content })).toEqual({
      code: 1,
      problems: [`${shown(join(content, 'claims'))}:1: (folder)`],
    });
  });

  it('refuses a content folder that is a link', async () => {
    const ws = withGoodClaim();
    const content = join(ws.root, 'content-link');
    symlinkSync(ws.content, content);
    expect(await prefixes(ws, { content })).toEqual({ code: 1, problems: [`${shown(content)}:1: (folder)`] });
  });

  it('refuses a model file that is a link', async () => {
    const ws = withGoodClaim();
    const model = join(ws.models, 'ledger-strict@0.1.0.yaml');
    const real = join(tempDir('ledger-outside-'), 'model.yaml');
    renameSync(model, real);
    symlinkSync(real, model);
    const { code, problems } = await prefixes(ws);
    expect(code).toBe(1);
    expect(problems).toContain(`${shown(model)}:1: (file)`);
  });

  it('refuses a models folder that is a link', async () => {
    const ws = withGoodClaim();
    const models = join(ws.root, 'models-link');
    symlinkSync(ws.models, models);
    expect(await prefixes(ws, { models })).toEqual({ code: 1, problems: [`${shown(models)}:1: (folder)`] });
  });

  it('refuses a site.yaml that is a link', async () => {
    const ws = withGoodClaim();
    const site = join(ws.models, 'site.yaml');
    const real = join(tempDir('ledger-outside-'), 'site.yaml');
    renameSync(site, real);
    symlinkSync(real, site);
    expect(await prefixes(ws)).toEqual({ code: 1, problems: [`${shown(site)}:1: (file)`] });
  });
});

describe('only ordinary files are read', () => {
  it('refuses a named pipe among the claims instead of waiting on it for ever', () => {
    const ws = withGoodClaim();
    const pipe = join(ws.claims, 'pipe.yaml');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    // A child process with a time limit: reading a pipe nobody writes to would block this one.
    const child = runChild(['check', '--content', ws.content, '--models', ws.models], { timeout: 60_000 });
    expect(child.code).toBe(1);
    expect(looksLikeStackTrace(child.stderr)).toBe(false);
    expect(problemLines(child.stderr)).toEqual([`${shown(pipe)}:1: (file): is not a file`]);
  });
});

describe('a claim or model file is at most 1 MiB, refused before it is read', () => {
  /** The claim with a note that brings the file to exactly `bytes` bytes. */
  const claimOf = (bytes: number): string => {
    const head = `${CLAIM}note: `;
    return `${head}${'x'.repeat(bytes - head.length - 1)}\n`;
  };

  it('refuses a claim one byte larger, naming its size', async () => {
    const ws = workspace();
    const file = ws.write(join('content', 'claims', 'big.yaml'), claimOf(1024 * 1024 + 1));
    expect(problemLines((await check(ws)).stderr)).toEqual([
      `${shown(file)}:1: (file): is 1048577 bytes; a ledger file may be at most 1 MiB (1048576 bytes)`,
    ]);
  });

  it('refuses a 20 MB note (the issue’s 425 MB site)', async () => {
    const ws = withGoodClaim();
    const file = ws.write(join('content', 'claims', 'huge-note.yaml'), claimOf(20_000_000));
    expect(await prefixes(ws)).toEqual({ code: 1, problems: [`${shown(file)}:1: (file)`] });
  });

  it('refuses a model file larger than 1 MiB', async () => {
    const ws = withGoodClaim();
    const file = join(ws.models, 'ledger-strict@0.1.0.yaml');
    appendFileSync(file, `# ${'x'.repeat(MAX_FILE_BYTES)}\n`);
    const { code, problems } = await prefixes(ws);
    expect(code).toBe(1);
    expect(problems).toContain(`${shown(file)}:1: (file)`);
  });
});

describe('a file is UTF-8 text', () => {
  it('names the file and line of a Latin-1 “café” instead of publishing “caf�”, and reads a UTF-8 one', async () => {
    const ws = workspace();
    ws.write(join('content', 'claims', 'cafe-utf8.yaml'), CLAIM.replace('author: r.okafor', 'author: café'));
    const file = join(ws.claims, 'cafe.yaml');
    writeFileSync(file, Buffer.from(CLAIM.replace('author: r.okafor', 'author: café'), 'latin1'));
    expect(problemLines((await check(ws)).stderr)).toEqual([
      `${shown(file)}:3: (file): is not UTF-8: byte 0xE9 on this line is not part of a UTF-8 character; save the file as UTF-8`,
    ]);
  });

  it('says a UTF-16 file is not UTF-8 (it was “must be a mapping”)', async () => {
    const ws = workspace();
    const file = join(ws.claims, 'wide.yaml');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CLAIM, 'utf16le')]));
    expect(problemLines((await check(ws)).stderr)).toEqual([
      `${shown(file)}:1: (file): is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8; save it as UTF-8`,
    ]);
  });

  it('names a NUL byte before it can reach a page', async () => {
    const ws = workspace();
    const file = ws.write(join('content', 'claims', 'nul.yaml'), CLAIM.replace('All four', 'All\u0000four'));
    expect(await prefixes(ws)).toEqual({ code: 1, problems: [`${shown(file)}:12: (file)`] });
  });
});

describe('a model state id that would break a URL is named', () => {
  it('refuses a state id with a slash (it crashed the build with Astro’s “Missing parameter”)', async () => {
    const ws = withGoodClaim();
    const file = join(ws.models, 'ledger-strict@0.1.0.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('state: unlikely', 'state: un/likely'));
    const { code, problems } = await prefixes(ws);
    expect(code).toBe(1);
    expect(problems).toContain(`${shown(file)}:34: states[1].state`);
  });
});

describe('released.lock is append-only against the last commit', () => {
  const git = (cwd: string, ...args: string[]) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));
    const result = spawnSync(
      'git',
      ['-c', 'user.name=test', '-c', 'user.email=test@example.org', '-c', 'commit.gpgsign=false', ...args],
      { cwd, encoding: 'utf8', env },
    );
    expect(result.status, result.stderr).toBe(0);
  };

  /** A workspace that is a git repository with its models, lock and claim committed. */
  function committed(): Workspace {
    const ws = withGoodClaim();
    git(ws.root, 'init', '-q');
    git(ws.root, 'add', '.');
    git(ws.root, 'commit', '-q', '-m', 'release');
    return ws;
  }

  /** Edits the released model and writes its new hash into its lock line, as the attack does. */
  function editModelAndLock(ws: Workspace): { lock: string; released: string; edited: string } {
    const model = join(ws.models, 'ledger-strict@0.1.0.yaml');
    writeFileSync(model, readFileSync(model, 'utf8').replace('stepCost: 0.15', 'stepCost: 0.16'));
    const released = hashOf(strictModel() as unknown as Json);
    const edited = hashOf(strictModel({ interpretation: { stepCost: '0.16', floor: '0' } }) as unknown as Json);
    const lock = join(ws.models, 'released.lock');
    const before = readFileSync(lock, 'utf8');
    expect(before).toContain(released);
    writeFileSync(lock, before.replace(released, edited));
    return { lock, released, edited };
  }

  it('accepts a line appended by release, then names a lock line changed together with its model, with both hashes', async () => {
    const ws = committed();
    const next = join(ws.models, 'ledger-strict@0.2.0.yaml');
    writeFileSync(
      next,
      readFileSync(join(ws.models, 'ledger-strict@0.1.0.yaml'), 'utf8').replace('version: 0.1.0', 'version: 0.2.0'),
    );
    expect((await runInProcess((io) => releaseCommand(io, next))).code).toBe(0);
    expect(await prefixes(ws)).toEqual({ code: 0, problems: [] });
    const { lock, released, edited } = editModelAndLock(ws);
    const outcome = await check(ws);
    expect(outcome.code).toBe(1);
    expect(problemLines(outcome.stderr)).toEqual([
      `${shown(lock)}:2: ledger-strict@0.1.0: was released as ${released} (line 2 of the committed lock, HEAD) but this line now records ${edited}; released.lock is append-only, so release a new version as a new file instead`,
    ]);
  });

  it('names a lock line removed', async () => {
    const ws = committed();
    const lock = join(ws.models, 'released.lock');
    writeFileSync(lock, readFileSync(lock, 'utf8').replace(/^ledger-strict.*\n/m, ''));
    const { code, problems } = await prefixes(ws);
    expect(code).toBe(1);
    expect(problems).toContain(`${shown(lock)}:2: ledger-strict@0.1.0`);
  });

  it('compares with LEDGER_LOCK_BASE when it is set: a pull request whose commit edits the lock is named against its base', async () => {
    const ws = committed();
    const { lock, released, edited } = editModelAndLock(ws);
    git(ws.root, 'commit', '-q', '-a', '-m', 'the change under review');
    // HEAD holds the edit, so against HEAD there is nothing to see; against the base there is.
    expect(await prefixes(ws)).toEqual({ code: 0, problems: [] });
    process.env['LEDGER_LOCK_BASE'] = 'HEAD~1';
    try {
      expect(problemLines((await check(ws)).stderr)).toEqual([
        `${shown(lock)}:2: ledger-strict@0.1.0: was released as ${released} (line 2 of the committed lock, HEAD~1) but this line now records ${edited}; released.lock is append-only, so release a new version as a new file instead`,
      ]);
      // A revision git would read as an option is never passed to it.
      process.env['LEDGER_LOCK_BASE'] = '--output=/tmp/x';
      expect(await prefixes(ws)).toEqual({ code: 0, problems: [] });
    } finally {
      delete process.env['LEDGER_LOCK_BASE'];
    }
  });

  it('compares only with a committed lock: the same edit passes outside a repository and before the lock is committed', async () => {
    const inRepository = committed();
    editModelAndLock(inRepository);
    expect((await check(inRepository)).code).toBe(1);
    const outside = withGoodClaim();
    editModelAndLock(outside);
    const uncommitted = withGoodClaim();
    git(uncommitted.root, 'init', '-q');
    git(uncommitted.root, 'add', 'content');
    git(uncommitted.root, 'commit', '-q', '-m', 'claims only');
    editModelAndLock(uncommitted);
    expect([await prefixes(outside), await prefixes(uncommitted)]).toEqual([
      { code: 0, problems: [] },
      { code: 0, problems: [] },
    ]);
  });
});
