/**
 * Work started ahead of the pages that will ask for it. Astro renders a route's pages in the order
 * its getStaticPaths listed them (claim by claim, a few at a time), so when the page of the claim at
 * position i asks for its work, the work of the next `window` claims is started too: the pool's
 * threads are never idle waiting for Astro to ask, and what is held is never more than the window.
 */

/** One claim's work, and how many of its pages are still to take it. */
interface Held<T> {
  readonly result: Promise<T>;
  left: number;
}

/** Work per item of a fixed order, started `window` items ahead of the last one asked for. */
export interface Ahead<T> {
  /** The work of `key`, started now if it was not already; each of its `uses` pages takes it once. */
  take(key: string): Promise<T>;
  /** How many items' work is held (started, and not yet taken by all its pages). */
  readonly held: number;
}

/**
 * Work over `order` (item keys, in the order pages will ask), each item's started by `start` and
 * taken by `uses` pages before it is let go. A failed start is rejected to the page that takes it
 * (and never reported as unhandled while it waits).
 */
export function ahead<T>(
  order: readonly string[],
  uses: number,
  window: number,
  start: (key: string) => Promise<T>,
): Ahead<T> {
  const position = new Map(order.map((key, i) => [key, i]));
  const held = new Map<string, Held<T>>();
  let next = 0;
  const begin = (key: string): void => {
    const result = start(key);
    result.catch(() => undefined);
    held.set(key, { result, left: uses });
  };
  return {
    take(key) {
      const at = position.get(key);
      if (at !== undefined) {
        // Items skipped by a jump further than the window are never started (no page asks for them).
        if (at > next + window) next = at;
        for (; next <= Math.min(at + window, order.length - 1); next++)
          if (!held.has(order[next]!)) begin(order[next]!);
      }
      // A key out of the order, or asked for again after all its pages took it: started on its own.
      const entry = held.get(key);
      if (entry === undefined) return start(key);
      entry.left -= 1;
      if (entry.left <= 0) held.delete(key);
      return entry.result;
    },
    get held() {
      return held.size;
    },
  };
}
