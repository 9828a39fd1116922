/**
 * The Python reference's files, read from the repository's `reference/` folder at build time and
 * published beside `/reference/` byte for byte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The files the site publishes for download, with their media types. */
export const REFERENCE_FILES = {
  'ledger.py': 'text/x-python; charset=utf-8',
  'explain.py': 'text/x-python; charset=utf-8',
  'explain_verify.py': 'text/x-python; charset=utf-8',
  'test_ledger.py': 'text/x-python; charset=utf-8',
  'README.md': 'text/markdown; charset=utf-8',
} as const;

/** A published reference file's name. */
export type ReferenceFile = keyof typeof REFERENCE_FILES;

/** The bytes of a reference file, exactly as they are in the repository. */
export function referenceBytes(file: ReferenceFile): Uint8Array<ArrayBuffer> {
  const bytes = readFileSync(join(process.cwd(), 'reference', file));
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** A response carrying a reference file's bytes. */
export function referenceResponse(file: ReferenceFile): Response {
  return new Response(referenceBytes(file), { headers: { 'Content-Type': REFERENCE_FILES[file] } });
}
