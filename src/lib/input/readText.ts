/**
 * Reading a ledger file safely: never through a symbolic link, never more than MAX_FILE_BYTES,
 * strictly as UTF-8, into YAML with every value's line; a problem names the file.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { relative } from 'node:path';
import { MAX_FILE_BYTES, tooLarge } from './claimText.ts';
import type { Problem } from './problems.ts';
import { parseYaml, type Parsed } from './yamlSource.ts';

/** Shows a path relative to the working directory, as problems name files. */
export function display(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') ? path : rel;
}

/** A problem with a whole file or folder. */
export function fileProblem(path: string, message: string, field = '(file)'): Problem {
  return { file: display(path), line: 1, field, message };
}

export /** What a symbolic link among the ledger's files is told. */
const SYMLINK_MESSAGE =
  'is a symbolic link; the ledger reads only ordinary files and folders inside the repository, so put the file itself here';

/**
 * Reads a ledger file as UTF-8 text: never through a symbolic link (a link could read any file of
 * the machine into a page), never more than MAX_FILE_BYTES (its size is read before its bytes).
 */
export function readText(path: string): { text: string | null; problems: Problem[] } {
  const fail = (message: string): { text: null; problems: Problem[] } => ({
    text: null,
    problems: [fileProblem(path, message)],
  });
  let fd: number;
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return fail(SYMLINK_MESSAGE);
    // A named pipe or a device would block or never end: only an ordinary file is opened.
    if (!stat.isFile()) return fail('is not a file');
    // O_NOFOLLOW and O_NONBLOCK as well, so that a file swapped for a link or a pipe after the
    // lstat is still neither followed nor waited on.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(
      code === 'ENOENT'
        ? 'file not found'
        : code === 'ELOOP'
          ? SYMLINK_MESSAGE
          : `cannot be read (${code ?? (error as Error).message})`,
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return fail('is not a file');
    if (stat.size > MAX_FILE_BYTES) return fail(tooLarge(stat.size));
    // Reads at most one byte more than the limit, in case the file grew since its size was read.
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_FILE_BYTES) + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_FILE_BYTES) return fail(tooLarge(length));
    const decoded = decodeUtf8(buffer.subarray(0, length));
    if (decoded.text === null)
      return {
        text: null,
        problems: [{ file: display(path), line: decoded.line, field: '(file)', message: decoded.message }],
      };
    return { text: decoded.text, problems: [] };
  } catch (error) {
    return fail(`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Decodes UTF-8 strictly: a byte that is not UTF-8 is an error that names its line, never a
 * silent U+FFFD (which would publish "café" as "caf�"). A UTF-8 byte order mark is dropped.
 */
export function decodeUtf8(
  bytes: Uint8Array,
): { text: string; line?: never; message?: never } | { text: null; line: number; message: string } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return {
      text: null,
      line: 1,
      message: 'is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8; save it as UTF-8',
    };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // The first bad byte: the shortest prefix that fails even when a character may continue past it.
    const fails = (k: number): boolean => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, k), { stream: true });
        return false;
      } catch {
        return true;
      }
    };
    let [low, high] = [0, bytes.length];
    if (!fails(high)) low = high - 1;
    else {
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (fails(middle)) high = middle;
        else low = middle;
      }
    }
    let at = Math.max(0, Math.min(low, bytes.length - 1));
    // The decoder stops at the byte that breaks a sequence; the sequence began at its lead byte.
    for (let j = at - 1; j >= Math.max(0, at - 3) && bytes[j]! >= 0x80; j--) {
      if (bytes[j]! >= 0xc0) {
        at = j;
        break;
      }
    }
    const line = bytes.subarray(0, at).filter((b) => b === 0x0a).length + 1;
    const byte = bytes[at]!.toString(16).toUpperCase().padStart(2, '0');
    return {
      text: null,
      line,
      message: `is not UTF-8: byte 0x${byte} on this line is not part of a UTF-8 character; save the file as UTF-8`,
    };
  }
}

/** Reads a ledger file and parses it as YAML. */
export function parseFile(path: string): { parsed: Parsed | null; problems: Problem[] } {
  const { text, problems } = readText(path);
  if (text === null) return { parsed: null, problems };
  return parseYaml(display(path), text);
}

/** Whether a path is a symbolic link (false when it does not exist). */
export function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
