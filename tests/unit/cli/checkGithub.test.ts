/**
 * `ledger check --format github`: each problem as a GitHub Actions annotation on its file and line,
 * escaped by GitHub's rules for workflow commands (the message: `%`, CR, LF; properties: those
 * and `:` and `,`), so that a contribution's pull request shows it where it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkCommand, checkFormat } from '../../../src/cli/check.ts';
import { escapeAnnotationData, escapeAnnotationProperty, formatAnnotation } from '../../../src/lib/input/problems.ts';
import { REPO_ROOT, runChild, runInProcess, shown, workspace } from '../../support/cli.ts';

describe('escaping, as GitHub reads workflow commands', () => {
  it.each([
    ['100%', '100%25'],
    ['a\nb', 'a%0Ab'],
    ['a\r\nb', 'a%0D%0Ab'],
    ['%0A', '%250A'],
    ['a: b, c', 'a: b, c'],
  ])('the message %j is written %j', (text, written) => {
    expect(escapeAnnotationData(text)).toBe(written);
  });

  it.each([
    ['claims/a,b.yaml', 'claims/a%2Cb.yaml'],
    ['c:/x.yaml', 'c%3A/x.yaml'],
    ['evidence[0].relevance', 'evidence[0].relevance'],
    ['50%\n', '50%25%0A'],
  ])('the property %j is written %j', (text, written) => {
    expect(escapeAnnotationProperty(text)).toBe(written);
  });
});

describe('formatAnnotation', () => {
  it('names the file, line and field, and carries the message and the help line', () => {
    const line = formatAnnotation(
      { file: 'content/claims/x,y.yaml', line: 13, field: 'evidence[0].relevance', message: 'is not a level: a, b' },
      '  see https://ledger.test/contribute/#field-evidence-relevance',
    );
    expect(line).toBe(
      '::error file=content/claims/x%2Cy.yaml,line=13,title=evidence[0].relevance::evidence[0].relevance: is not a level: a, b%0Asee https://ledger.test/contribute/#field-evidence-relevance',
    );
  });

  it('writes Windows paths with forward slashes, as the repository names them', () => {
    expect(
      formatAnnotation({ file: 'content\\claims\\x.yaml', line: 2, field: 'type', message: 'must be text' }),
    ).toMatch(/^::error file=content\/claims\/x\.yaml,line=2,title=type::/);
  });
});

describe('check --format github', () => {
  it('prints one annotation per problem on standard output and fails', async () => {
    const ws = workspace();
    const file = ws.copy(
      join('broken', 'claims', 'several-mistakes.yaml'),
      join('content', 'claims', 'several-mistakes.yaml'),
    );
    const text = await runInProcess((io) => checkCommand(io, { content: ws.content, models: ws.models }));
    const github = await runInProcess((io) =>
      checkCommand(io, { content: ws.content, models: ws.models, format: 'github' }),
    );
    expect(github.code).toBe(1);
    const annotations = github.stdout.trimEnd().split('\n');
    // One annotation for each `file:line: field:` line of the plain report, in the same order.
    const plain = text.stderr.split('\n').filter((l) => l.startsWith(`${shown(file)}:`));
    expect(annotations).toHaveLength(plain.length);
    expect(plain.length).toBeGreaterThan(1);
    annotations.forEach((annotation, i) => {
      const [, line, field] = /^[^:]+:(\d+): ([^:]+):/.exec(plain[i]!)!;
      expect(
        annotation.startsWith(
          `::error file=${escapeAnnotationProperty(shown(file))},line=${line},title=${escapeAnnotationProperty(field!)}::`,
        ),
      ).toBe(true);
    });
    expect(github.stderr).toBe(`${plain.length} problems found.\n`);
  });

  it('prints the usual line when everything is valid', async () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    const outcome = await runInProcess((io) =>
      checkCommand(io, { content: ws.content, models: ws.models, format: 'github' }),
    );
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/^ok: /);
  });

  it('refuses an unknown format as a usage mistake', () => {
    expect(() => checkFormat('json')).toThrow('--format must be text or github, not json');
    expect(checkFormat(undefined)).toBe('text');
    const outcome = runChild(['check', '--format', 'json']);
    expect(outcome.code).toBe(2);
  });
});

describe('the GitHub Pages workflow the project keeps', () => {
  const workflow = parse(readFileSync(join(REPO_ROOT, '.github', 'workflows', 'pages.yml'), 'utf8')) as {
    jobs: Record<
      string,
      { env?: Record<string, string>; steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] }
    >;
  };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

  it('checks with annotations, builds with npm ci and npm run build, and publishes dist/', () => {
    const runs = steps.map((s) => s.run ?? '');
    expect(runs).toContain('npm ci');
    expect(runs).toContain('npm run -s ledger -- check --format github');
    expect(runs).toContain('npm run build');
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact'))?.with?.['path']).toBe('dist');
    expect(steps.some((s) => s.uses?.startsWith('actions/deploy-pages'))).toBe(true);
  });

  // On the job that builds what is published; the test job builds at / as npm test expects.
  it('sets LEDGER_SITE and LEDGER_BASE from the repository, overridable by its variables', () => {
    const env = workflow.jobs['build']?.env ?? {};
    expect(env['LEDGER_SITE']).toContain('vars.LEDGER_SITE');
    expect(env['LEDGER_SITE']).toContain('github.repository_owner');
    expect(env['LEDGER_BASE']).toContain('vars.LEDGER_BASE');
    expect(env['LEDGER_BASE']).toContain('github.event.repository.name');
  });
});
