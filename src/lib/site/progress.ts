/**
 * `n of N` progress for long work, on standard error and only when it is a terminal: a reader at a
 * terminal sees the count move on one line, and CI logs (not a terminal) stay quiet.
 */

/** Where progress is written: standard error, or a stand-in with the same two members in tests. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): boolean;
}

/** A progress line for one piece of work. */
export interface Progress {
  /** Counts one more item done (or sets the count), redrawing at most every `interval` milliseconds. */
  tick(done?: number): void;
  /** Clears the line; `summary`, when given, is written in its place (even when not a terminal). */
  done(summary?: string): void;
}

/** Options of `progress`; the clock is injected so tests need not wait. */
export interface ProgressOptions {
  readonly stream?: ProgressStream;
  readonly interval?: number;
  readonly now?: () => number;
}

/** Starts a progress line `<label>: n of N` for `total` items. */
export function progress(label: string, total: number, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const interval = options.interval ?? 100;
  const now = options.now ?? (() => performance.now());
  const live = stream.isTTY === true && total > 0;
  let count = 0;
  let drawn = -Infinity;
  let shown = false;
  const draw = (): void => {
    stream.write(`\r\u001b[2K${label}: ${count} of ${total}`);
    shown = true;
    drawn = now();
  };
  return {
    tick(value) {
      count = value ?? count + 1;
      if (live && (count >= total || now() - drawn >= interval)) draw();
    },
    done(summary) {
      if (shown) stream.write('\r\u001b[2K');
      if (summary !== undefined) stream.write(`${summary}\n`);
    },
  };
}
