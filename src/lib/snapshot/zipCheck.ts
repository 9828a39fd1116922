/**
 * Two checks a ZIP reader owes a stranger's archive beyond its names and sizes: every entry's
 * CRC-32 against the bytes it inflates to (as `unzip -t` checks it), and that every byte of the
 * archive belongs to something its central directory lists: a local entry hidden between two
 * listed ones, or before the directory with only the end record's offset moved, is read by some
 * readers (fflate's streaming one, `unzip` in recovery) and not by others.
 */

const TABLE = ((): Uint32Array => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** A running CRC-32 (the ZIP and gzip one): feed it pieces, then read `value`. */
export class Crc32 {
  private state = 0xffffffff;
  /** Adds a piece of the data. */
  push(bytes: Uint8Array): void {
    let c = this.state;
    for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
    this.state = c;
  }
  /** The CRC-32 of everything pushed so far. */
  get value(): number {
    return (this.state ^ 0xffffffff) >>> 0;
  }
}

/** The CRC-32 of some bytes. */
export function crc32(bytes: Uint8Array): number {
  const crc = new Crc32();
  crc.push(bytes);
  return crc.value;
}

/** A range of an archive's bytes, `[start, end)`, that something the central directory lists accounts for. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The ranges of `length` bytes that no span covers, in order (spans may overlap or touch: a
 * directory that lists one local header twice is caught as a repeated name, not here).
 */
export function uncovered(spans: readonly Span[], length: number): Span[] {
  const gaps: Span[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start || a.end - b.end)) {
    if (span.start > at) gaps.push({ start: at, end: span.start });
    at = Math.max(at, span.end);
  }
  if (at < length) gaps.push({ start: at, end: length });
  return gaps;
}
