/**
 * The bytes of a page or trace a server renders on request, in the content coding the request asks
 * for: compressed with Node's zlib as soon as they are made (Brotli at a quality a request can
 * afford) and kept by their ETag, which names the address, the bytes' sources and the coding, so
 * that the next request for the same bytes in the same coding costs neither a render nor a
 * compression.
 */
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CLAIM_CACHE } from './http.ts';
import { codedEtag, matchesEtag, type Coding } from './encoding.js';

/** How a claim address is answered: its identity bytes' ETag, its type, and how to make them. */
export interface Answer {
  readonly etag: string;
  readonly type: string;
  /** The page as Astro renders it (any status but 200 is passed on as it is), or a stored trace. */
  readonly body: () => Promise<Response | string>;
}

/**
 * Brotli quality 5 and gzip level 6: a claim page (about 90 KB) compresses in a millisecond or two
 * at these, to within a few percent of the best settings; the prerendered files get the best.
 *
 * On the worker's own thread, right after the render, which is synchronous too: each request is
 * then answered whole before the next one starts. Compressed on zlib's thread pool instead, a page
 * waited there while the worker began rendering the next one, so under load every page shared the
 * worker with the pages behind it and the slowest waited longest, and the pool's threads took CPU
 * from the workers: at 3,000 claims under 16 connections, the p99 was about twice as long
 * (docs/performance.md, "Server mode: compressed on the worker's thread").
 */
const compress = (bytes: Buffer, coding: Exclude<Coding, null>): Buffer =>
  coding === 'br'
    ? brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : gzipSync(bytes, { level: 6 });

/**
 * The bytes answered lately, by coded ETag: 16 MB a worker, about a thousand claim pages in Brotli.
 * Behind a CDN an address comes back to the origin seldom. At 64 MB, the 20,000-claim bench (190
 * requests a second for 25 s over 2 workers, 14.5 KB a page) left about 35 MB a worker of pages
 * asked for once, part of a server RSS over its 1,024 MB.
 */
const recent = new LRUCache<string, Buffer>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });

/**
 * The response to a request with `ifNoneMatch` that asked for `coding`: a 304 when it holds these
 * bytes, else them (from the cache, or made and compressed), with `Vary`, `Content-Length`,
 * `Content-Encoding` and the coding's own ETag.
 */
export async function codedResponse(answer: Answer, ifNoneMatch: string | null, coding: Coding): Promise<Response> {
  const etag = codedEtag(answer.etag, coding);
  const headers: Record<string, string> = { ETag: etag, 'Cache-Control': CLAIM_CACHE, Vary: 'Accept-Encoding' };
  if (matchesEtag(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  let bytes = recent.get(etag);
  if (bytes === undefined) {
    const made = await answer.body();
    if (made instanceof Response && made.status !== 200) return made;
    const plain = typeof made === 'string' ? Buffer.from(made) : Buffer.from(await made.arrayBuffer());
    bytes = coding === null ? plain : compress(plain, coding);
    recent.set(etag, bytes);
  }
  headers['Content-Type'] = answer.type;
  headers['Content-Length'] = String(bytes.length);
  if (coding !== null) headers['Content-Encoding'] = coding;
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
