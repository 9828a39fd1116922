/**
 * `ledger snapshot [--dist dist] [--out snapshots] [--publish]`: writes the built site's offline
 * archive (`claim-ledger-<date>-<default model>-<code hash>.zip`), its SHA-256 beside it, and a WACZ
 * of the site for web archives. Nothing is written unless everything was made. `--publish` also
 * puts them in the site's `archive/` and lists them on its archive page (publish.ts).
 */
import { existsSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { buildCommit, datedBy, NO_DATE } from '../lib/site/buildInfo.ts';
import { siteOrigin } from '../lib/paths.ts';
import { findSymlinks } from '../lib/input/symlinks.ts';
import { makeWacz } from '../lib/snapshot/wacz.ts';
import { readFolder, referenceFiles, writeAtomically } from '../lib/snapshot/files.ts';
import { sha256Digits } from '../lib/snapshot/manifest.ts';
import { publishProblem, publishSnapshot } from '../lib/snapshot/publish.ts';
import { snapshotName, type SnapshotInfo } from '../lib/snapshot/name.ts';
import { siteBase, siteStamp, snapshotFiles } from '../lib/snapshot/snapshot.ts';
import { makeZip } from '../lib/snapshot/zip.ts';
import type { Io } from './run.ts';

/** How the command is run. */
export interface SnapshotContext {
  readonly cwd: string;
  /** Whether to show `n of N` progress (standard error is a terminal). */
  readonly progress: boolean;
  readonly env: NodeJS.ProcessEnv;
}

/** How many warnings are printed before the rest are counted. */
const MAX_WARNINGS = 10;

/** The build date a site records in data/scores.json, if it has one. */
function recordedDate(site: ReadonlyMap<string, Uint8Array>): string[] {
  const bytes = site.get('data/scores.json');
  if (bytes === undefined) return [];
  try {
    const { buildDate } = JSON.parse(new TextDecoder().decode(bytes)) as { buildDate?: unknown };
    return typeof buildDate === 'string' ? [buildDate] : [];
  } catch {
    return [];
  }
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

/** The site's address with its base path, without a final slash (LEDGER_SITE may already hold the path). */
export function publishedAt(site: string, base: string): string {
  const url = new URL(site);
  const path = url.pathname.replace(/\/+$/, '');
  const under = base.replace(/\/$/, '');
  return `${url.origin}${path.endsWith(under) ? path : `${path}${under}`}`;
}

/** Makes the snapshot; see the module comment. */
export async function snapshotCommand(
  io: Io,
  options: { dist: string; out: string; publish?: boolean },
  context: SnapshotContext,
): Promise<number> {
  const dist = resolve(context.cwd, options.dist);
  const out = resolve(context.cwd, options.out);
  const shown = (path: string): string => {
    const near = relative(context.cwd, path);
    return near === '' ? '.' : near.startsWith('..') ? path : near;
  };
  if (!existsSync(join(dist, 'index.html'))) {
    io.err(
      `ledger snapshot: ${shown(dist)}: no built site here (index.html is missing). Build it first: npm run -s build\n`,
    );
    return 1;
  }

  const unpublishable = options.publish === true ? publishProblem(dist) : null;
  if (unpublishable !== null) {
    io.err(`ledger snapshot --publish: ${shown(dist)}: ${unpublishable}. No snapshot written.\n`);
    return 1;
  }

  let last = 0;
  const progress = (what: string) =>
    context.progress
      ? (done: number, total: number): void => {
          const now = Date.now();
          if (done === total || now - last >= 100) {
            last = now;
            io.err(`\r${what} ${done} of ${total}${done === total ? '\r\x1b[K' : ''}`);
          }
        }
      : undefined;
  const withProgress = <T extends object>(base: T, what: string): T => {
    const report = progress(what);
    return report ? { ...base, progress: report } : base;
  };

  // A link could carry any file of the machine into the archive, or point nowhere: named, never followed.
  const links = findSymlinks(dist);
  if (links.length > 0) {
    for (const { path, target } of links)
      io.err(
        `ledger snapshot: ${shown(join(dist, ...path.split('/')))}: a symbolic link (to ${target}); a snapshot copies only the site's own files and never follows links: remove it, or rebuild the site\n`,
      );
    io.err(`No snapshot written.\n`);
    return 1;
  }
  const site = readFolder(dist);
  const stamp = siteStamp(site);
  if ('problem' in stamp) {
    io.err(`ledger snapshot: ${shown(dist)}: ${stamp.problem}\n`);
    return 1;
  }
  // Without SOURCE_DATE_EPOCH or git history, the date the site itself was built with.
  const dated = datedBy(context.env, { cwd: context.cwd, dates: () => recordedDate(site) });
  if (dated.source === 'content')
    io.err(
      `The snapshot is dated ${dated.date}, the build date ${shown(join(dist, 'data', 'scores.json'))} records, as neither SOURCE_DATE_EPOCH nor git history gives a date.\n`,
    );
  else if (dated.source === 'none')
    io.err(
      `The snapshot is dated ${NO_DATE}: neither SOURCE_DATE_EPOCH, git history nor ${shown(join(dist, 'data', 'scores.json'))} gives a date; set SOURCE_DATE_EPOCH to date it.\n`,
    );
  const info: SnapshotInfo = {
    date: dated.date,
    commit: buildCommit(context.cwd),
    defaultModel: stamp.defaultModel,
    codeHash: stamp.codeHash,
    // Where the site is published: its address and, for a site built under a base path, that path.
    origin: publishedAt(siteOrigin(context.env), siteBase(site)),
  };
  const name = snapshotName(info);

  const snapshot = snapshotFiles(site, info, withProgress({ extras: referenceFiles() }, 'copying'));
  for (const warning of snapshot.warnings.slice(0, MAX_WARNINGS)) io.err(`warning: ${warning}\n`);
  if (snapshot.warnings.length > MAX_WARNINGS)
    io.err(`warning: ... and ${snapshot.warnings.length - MAX_WARNINGS} more\n`);
  if (snapshot.problems.length > 0) {
    for (const problem of snapshot.problems) io.err(`${shown(join(dist, problem))}\n`);
    io.err(
      `No snapshot written: ${snapshot.problems.length} thing${snapshot.problems.length === 1 ? '' : 's'} above cannot work from file://.\n`,
    );
    return 1;
  }

  const zip = makeZip(
    [...snapshot.files].map(([path, bytes]) => ({ path: `${name}/${path}`, bytes })),
    info.date,
  );
  const wacz = await makeWacz(
    site,
    withProgress(
      {
        origin: info.origin,
        date: info.date,
        title: `the claim ledger, ${info.date}`,
        description:
          `The claim ledger (${info.origin}/) as built on ${info.date}` +
          `${info.commit ? ` from commit ${info.commit}` : ''}: every page, stylesheet, font, trace and model. ` +
          `Default model ${info.defaultModel}; engine code hash ${info.codeHash}.`,
        software: 'the claim ledger: npm run -s ledger -- snapshot (WARC records by warcio.js)',
      },
      'archiving',
    ),
  );

  const zipPath = join(out, `${name}.zip`);
  const waczPath = join(out, `${name}.wacz`);
  const zipHash = sha256Digits(zip);
  const waczHash = sha256Digits(wacz.bytes);
  writeAtomically(zipPath, zip);
  writeAtomically(`${zipPath}.sha256`, `${zipHash}  ${basename(zipPath)}\n`);
  writeAtomically(waczPath, wacz.bytes);
  writeAtomically(`${waczPath}.sha256`, `${waczHash}  ${basename(waczPath)}\n`);

  if (options.publish === true)
    publishSnapshot(
      dist,
      [
        {
          name: basename(zipPath),
          bytes: zip,
          sha256: zipHash,
          what: 'the offline snapshot (unzip it, open index.html)',
        },
        { name: basename(waczPath), bytes: wacz.bytes, sha256: waczHash, what: 'the same site for web archives' },
      ],
      info.date,
    );

  io.out(
    [
      `Wrote ${shown(zipPath)} (${size(zip.length)}: ${snapshot.files.size} files, ${snapshot.traces} traces)`,
      `  SHA-256 ${zipHash}  (also in ${basename(zipPath)}.sha256)`,
      `Wrote ${shown(waczPath)} (${size(wacz.bytes.length)}: ${wacz.records} records, ${wacz.pages} pages)`,
      `  SHA-256 ${waczHash}  (also in ${basename(waczPath)}.sha256)`,
      `Open it: unzip it and double-click ${name}/index.html. Check it: npm run -s ledger -- verify ${shown(zipPath)}`,
      ...(options.publish === true
        ? [
            `Published both in ${shown(join(dist, 'archive'))}/ and listed them on its page, with their sizes and SHA-256.`,
          ]
        : []),
      '',
    ].join('\n'),
  );
  return 0;
}
