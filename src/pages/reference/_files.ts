/**
 * The Python reference's files, read from the repository's `reference/` folder at build time and
 * published beside `/reference/` byte for byte.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a file comes in the page's list: the program, its modules, the explanations, the tests, the README. */
function rank(file: string): number {
  if (file === 'ledger.py') return 0;
  if (file.startsWith('ledger_')) return 1;
  if (file.startsWith('explain')) return 2;
  if (file.endsWith('.py')) return 3;
  return 4;
}

/** The files the site publishes for download: every Python file of `reference/` and its README, in list order. */
export function referenceFiles(root: string = process.cwd()): string[] {
  const names = readdirSync(join(root, 'reference')).filter((name) => name.endsWith('.py') || name === 'README.md');
  return names.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** A published file's media type. */
export function referenceType(file: string): string {
  return file.endsWith('.py') ? 'text/x-python; charset=utf-8' : 'text/markdown; charset=utf-8';
}

/** The bytes of a reference file, exactly as they are in the repository. */
export function referenceBytes(file: string): Uint8Array<ArrayBuffer> {
  const bytes = readFileSync(join(process.cwd(), 'reference', file));
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** A file's module docstring's first sentence (a Python file) or null: what the page says the file holds. */
export function referenceSummary(file: string): string | null {
  const text = new TextDecoder().decode(referenceBytes(file));
  const docstring = /^(?:#![^\n]*\n)?"""([^\n]*)/.exec(text);
  // Written for the page: no closing quotes, no reStructuredText ``literal`` marks, no final full stop.
  return docstring ? docstring[1]!.replace(/"""$/, '').replaceAll('``', '').trim().replace(/\.$/, '') : null;
}

/** A response carrying a reference file's bytes. */
export function referenceResponse(file: string): Response {
  return new Response(referenceBytes(file), { headers: { 'Content-Type': referenceType(file) } });
}
