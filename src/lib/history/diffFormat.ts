/**
 * The three ways `ledger diff` prints what it found: a table for a terminal, Markdown for a pull
 * request comment, and JSON (docs/design.md §7) for tools.
 */
import type { DiffRow, LedgerDiff, Outcome } from './diff.ts';

/** One side of a row in words: `likely 0.8123`, `not-applicable`, or `absent`. */
export function outcomeText(outcome: Outcome | null): string {
  if (outcome === null) return 'absent';
  return outcome.probability === null ? outcome.state : `${outcome.state} ${outcome.probability}`;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The one-line summary above the rows. */
export function diffSummary(diff: LedgerDiff, revision: string): string {
  const parts = [
    `${plural(diff.rows.length, 'claim × model result')} ${diff.rows.length === 1 ? 'differs' : 'differ'} between ${revision} and the working tree`,
    `${plural(diff.claimsAdded.length, 'claim')} added`,
    `${plural(diff.claimsRemoved.length, 'claim')} removed`,
    `${plural(diff.modelsAdded.length, 'model')} added`,
  ];
  const models = diff.modelsAdded.length > 0 ? ` (${diff.modelsAdded.join(', ')})` : '';
  const defaults =
    diff.defaultBefore !== diff.defaultAfter
      ? `; the default model changed from ${diff.defaultBefore ?? 'none'} to ${diff.defaultAfter ?? 'none'}`
      : '';
  return `${parts[0]}: ${parts.slice(1).join(', ')}${models}${defaults}.`;
}

/** The rows as docs/design.md §7's JSON: a list of `{ claim, model, before, after }`, two-space indented. */
export function diffJson(diff: LedgerDiff): string {
  const rows = diff.rows.map(({ claim, model, before, after }: DiffRow) => ({ claim, model, before, after }));
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/** The summary and a plain table, columns padded to line up. */
export function diffTable(diff: LedgerDiff, revision: string): string {
  const lines = [diffSummary(diff, revision)];
  if (diff.rows.length > 0) {
    const table = [
      ['claim', 'model', 'before', 'after'],
      ...diff.rows.map((r) => [r.claim, r.model, outcomeText(r.before), outcomeText(r.after)]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    lines.push('');
    for (const row of table)
      lines.push(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
  }
  return `${lines.join('\n')}\n`;
}

/** Text for a Markdown table cell: pipes, backslashes and markup characters escaped, on one line. */
export function markdownCell(text: string): string {
  return text.replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/** A heading, the summary and a Markdown table, for a pull request comment. */
export function diffMarkdown(diff: LedgerDiff, revision: string): string {
  const lines = ['### What this change does to the published numbers', '', markdownCell(diffSummary(diff, revision))];
  if (diff.rows.length > 0) {
    lines.push('', '| claim | model | before | after |', '| --- | --- | --- | --- |');
    for (const r of diff.rows) {
      lines.push(
        `| ${[r.claim, r.model, outcomeText(r.before), outcomeText(r.after)].map(markdownCell).join(' | ')} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
