/**
 * The Pages workflow (.github/workflows/pages.yml) does on a pull request what docs/publishing.md
 * says: the whole test suite on a clean Debian machine, and `ledger diff` against the base as a
 * Markdown table in the run's summary, from a checkout with the full history. The diff step's own
 * command is run here, as the workflow runs it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '../../..');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  container?: string;
  steps: Step[];
}

const workflow = parse(readFileSync(join(root, '.github/workflows/pages.yml'), 'utf8')) as {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
};
const jobs = Object.entries(workflow.jobs);
const onPullRequest = jobs.filter(([, job]) => job.if === undefined || job.if.includes("== 'pull_request'"));
const diffStep = onPullRequest
  .flatMap(([, job]) => job.steps)
  .find((step) => step.run?.includes('ledger -- diff') === true);

describe('the Pages workflow on a pull request', () => {
  it('runs on pull requests', () => {
    expect(Object.keys(workflow.on)).toContain('pull_request');
  });

  it('runs the whole test suite as .ci/run does, on Debian with Node 20, from the full history', () => {
    const testJob = onPullRequest.find(([, job]) => job.steps.some((step) => step.run === 'bash .ci/run'));
    expect(testJob?.[1].container).toMatch(/^node:20-bookworm$/);
    expect(testJob?.[1].steps.find((step) => step.uses?.startsWith('actions/checkout@'))?.with).toEqual({
      'fetch-depth': 0,
    });
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/\nnpm test\n/);
  });

  it('publishes the snapshot beside the site it built, before the site is uploaded', () => {
    const job = Object.values(workflow.jobs).find((j) =>
      j.steps.some((step) => step.uses?.startsWith('actions/upload-pages-artifact@')),
    );
    const runs = job?.steps.map((step) => step.run ?? step.uses ?? '') ?? [];
    const built = runs.indexOf('npm run build');
    const published = runs.indexOf('npm run -s ledger -- snapshot --publish');
    const uploaded = runs.findIndex((run) => run.startsWith('actions/upload-pages-artifact@'));
    expect([built >= 0, published > built, uploaded > published]).toEqual([true, true, true]);
  });

  it('writes ledger diff against the base, as Markdown, into the run summary, from the full history', () => {
    expect(diffStep?.if).toBe("github.event_name == 'pull_request'");
    expect(diffStep?.run).toBe('npm run -s ledger -- diff "$BASE_SHA" --format markdown >> "$GITHUB_STEP_SUMMARY"');
    expect(diffStep?.env).toEqual({ BASE_SHA: '${{ github.event.pull_request.base.sha }}' });
    const job = onPullRequest.find(([, j]) => j.steps.includes(diffStep as Step));
    expect(job?.[1].steps[0]?.with).toEqual({ 'fetch-depth': 0 });
  });

  it.skipIf(!existsSync(join(root, '.git')))('whose diff command writes a Markdown table of the numbers', () => {
    const out = mkdtempSync(join(tmpdir(), 'ledger-summary-'));
    const summary = join(out, 'summary.md');
    try {
      // HEAD~0 against the working tree: the command the workflow runs, with the base it is given.
      const run = spawnSync('bash', ['-c', diffStep?.run ?? 'false'], {
        cwd: root,
        env: { ...process.env, BASE_SHA: 'HEAD', GITHUB_STEP_SUMMARY: summary },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const text = readFileSync(summary, 'utf8');
      expect(text.split('\n')[0]).toBe('### What this change does to the published numbers');
      expect(text).toMatch(/claim × model results differ between HEAD and the working tree/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
