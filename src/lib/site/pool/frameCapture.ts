/**
 * Where a static build on worker processes meets Astro: the middleware hands the frame a claim page rendered
 * to the pool (and Astro writes no file for it), and the build's last hook waits for the claim pages
 * the workers write. A server marks the first claim page of each kind it renders as a frame too
 * (store/framedPage.ts). Kept on `globalThis`, because the Astro config's integrations and the bundled
 * pages are two copies of the site's modules in one process. Imports nothing, so the middleware of
 * a server build stays small.
 */

/** The locals key a claim page sets when it renders a frame rather than itself. */
const FRAME_LOCAL = 'ledgerClaimFrame';

interface Shared {
  /** Takes a frame Astro rendered (kind as the page marked it, its HTML). */
  framed?: (kind: string, html: string) => void;
  /** Settles when the workers have written every claim page, or with their first failure. */
  written?: Promise<void>;
  /** The workers' first failure, once there is one. */
  failure?: Error;
}

const shared = ((globalThis as Record<symbol, Shared | undefined>)[Symbol.for('ledger.claimPages')] ??= {});

/** Marks the page being rendered as a frame of the given kind (its HTML goes to the pool, not to a file). */
export function markFrame(locals: object, kind: string): void {
  (locals as Record<string, unknown>)[FRAME_LOCAL] = kind;
}

/** The kind of frame the page being rendered was marked to render (a server's first claim page of a kind), or null. */
export function markedFrame(locals: object): string | null {
  const kind = (locals as Record<string, unknown>)[FRAME_LOCAL];
  return typeof kind === 'string' ? kind : null;
}

/**
 * Registers what takes the frames, and the promise of the workers' pages: once it fails, the next
 * page Astro renders fails with it, so that the build stops then rather than after its last page.
 */
export function awaitFrames(framed: (kind: string, html: string) => void, written: Promise<void>): void {
  shared.framed = framed;
  shared.written = written;
  written.catch((error: unknown) => {
    shared.failure = error instanceof Error ? error : new Error(String(error));
  });
}

/**
 * For the middleware on a prerendered page: the page as rendered, or, for a frame, its HTML handed to
 * the pool and an empty response (Astro writes no file for a response without a body); the workers'
 * failure, if they failed.
 */
export async function prerendered(locals: object, next: () => Promise<Response>): Promise<Response> {
  if (shared.failure !== undefined) throw shared.failure;
  const response = await next();
  const kind = markedFrame(locals);
  if (kind === null || shared.framed === undefined) return response;
  shared.framed(kind, await response.text());
  return new Response(null);
}

/** Waits until the workers wrote every claim page (none were asked for: at once); rejects with their failure. */
export function claimPagesWritten(): Promise<void> {
  return shared.written ?? Promise.resolve();
}
