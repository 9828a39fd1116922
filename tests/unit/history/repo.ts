/**
 * Temporary git repositories for the history tests: files written and committed by the test
 * itself, with the dates it gives, and the repository's real released models copied in.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../../support/cli.ts';

/** A repository the test drives. */
export interface TestRepo {
  readonly root: string;
  readonly content: string;
  readonly models: string;
  write(path: string, text: string): void;
  remove(path: string): void;
  git(...args: string[]): string;
  /** Commits everything with this message, dated `date` (RFC 3339) as both author and committer. */
  commit(message: string, date: string): string;
}

const quiet = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

/** A fresh repository holding the project's released models, `site.yaml` naming `defaultModel`. */
export function testRepo(defaultModel = 'ledger-strict@0.1.0'): TestRepo {
  const root = mkdtempSync(join(tmpdir(), 'ledger-history-'));
  const git = (...args: string[]): string =>
    execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        ...quiet,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.org',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.org',
      },
    });
  git('init', '-q', '-b', 'main');
  cpSync(join(REPO_ROOT, 'models'), join(root, 'models'), { recursive: true });
  writeFileSync(join(root, 'models', 'site.yaml'), `default: ${defaultModel}\n`);
  mkdirSync(join(root, 'content', 'claims'), { recursive: true });
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  return {
    root,
    content: join(root, 'content'),
    models: join(root, 'models'),
    write,
    remove: (path) => rmSync(join(root, path)),
    git,
    commit: (message, date) => {
      git('add', '-A');
      execFileSync('git', ['commit', '-q', '-m', message], {
        cwd: root,
        env: {
          ...process.env,
          ...quiet,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.org',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.org',
          GIT_AUTHOR_DATE: date,
          GIT_COMMITTER_DATE: date,
        },
      });
      return git('rev-parse', 'HEAD').trim();
    },
  };
}

/** A claim file: the seed's water-plant claim with the given evidence, sources and votes blocks. */
export function claimYaml(parts: { sources: string; evidence: string; votes?: string; reviews?: string }): string {
  return [
    'statement: The Eastbrook water plant met the 2025 lead limit in every quarterly test.',
    'type: factual',
    'author: r.okafor',
    'recorded: 2026-10-02',
    'sources:',
    parts.sources,
    'evidence:',
    parts.evidence,
    ...(parts.reviews ? ['reviews:', parts.reviews] : []),
    ...(parts.votes ? ['votes:', parts.votes] : []),
    '',
  ].join('\n');
}

/** The laboratory source and its link: 2.0 × 0.9 = 1.8 under both strict and ledger@1.1.0. */
export const LAB = {
  source: '  - { id: city-lab, name: Eastbrook municipal laboratory, url: https://example.org/lab }',
  link: [
    '  - id: lab-q1',
    '    source: city-lab',
    '    direction: supports',
    '    passage: All four quarterly samples were below the action level.',
    '    relevance: states-outright',
    '    observation: official-record',
    '    interpretationSteps: 0',
    '    authenticity: verified',
  ].join('\n'),
};

/** A second-hand report two steps from the claim: 1 × 0.35 × 0.7 = 0.245 under strict, 1 × 0.4 × 0.7 = 0.28 under ledger@1.1.0. */
export const GAZETTE = {
  source: '  - { id: gazette, name: Eastbrook Gazette }',
  link: [
    '  - id: gazette-report',
    '    source: gazette',
    '    direction: supports',
    '    passage: The plant passed its tests, the laboratory said.',
    '    relevance: bears-directly',
    '    observation: second-hand-report',
    '    interpretationSteps: 2',
  ].join('\n'),
};
