// @ts-check
/**
 * What a server-mode worker answers before a request reaches the site, so that a stranger's request
 * gets a plain answer and never the adapter's 500 and stack trace:
 * - a method other than GET and HEAD is 405 with `Allow: GET, HEAD` (`TRACE` used to be a 500,
 *   `OPTIONS` the whole page);
 * - a path in a form no page has (`//claims/x/`, `/claims//x/`, `/./claims/x/`, `/a/../claims/x/`,
 *   the same dots written `%2e`, a backslash) is a 301 to the one address it stands for, always a path on this server (one
 *   slash first, so never `//elsewhere`); `//browse/…` used to be a 500 with a stack trace and
 *   `//claims/x/` a page without its caching headers;
 * - anything but a path (`GET http://host/x`, `OPTIONS *`) is 400.
 * And the timeouts the server keeps, so that a client sending its headers a line at a time
 * (slowloris) cannot hold a connection (Node's default let it for 70 s and more).
 *
 * Plain JavaScript (type-checked by its JSDoc): the workers import it with no TypeScript loader.
 */

/** The methods the site answers; every other is refused with this as `Allow`. */
export const ALLOWED_METHODS = 'GET, HEAD';

/**
 * The timeouts of a worker's server, in milliseconds: the request's headers must arrive within
 * `headers` (a browser sends them in one packet), the whole request within `request`, an idle
 * keep-alive connection is closed after `keepAlive`, and connections are checked against the first
 * two every `checkEvery` (Node's default, 30 s, would let a slow client stay that much longer).
 */
export const TIMEOUTS = Object.freeze({ headers: 5_000, request: 10_000, keepAlive: 5_000, checkEvery: 1_000 });

/**
 * The options `createServer` is given for those timeouts.
 *
 * @returns {import('node:http').ServerOptions}
 */
export function serverOptions() {
  return {
    headersTimeout: TIMEOUTS.headers,
    requestTimeout: TIMEOUTS.request,
    keepAliveTimeout: TIMEOUTS.keepAlive,
    connectionsCheckingInterval: TIMEOUTS.checkEvery,
  };
}

/**
 * The one address a path in a non-canonical form stands for (runs of slashes and backslashes made
 * one slash, `.` and `..` segments, `%2e` or `%2E` for a dot, resolved as a browser resolves them),
 * or null when the path is
 * already canonical.
 *
 * @param {string} path
 * @returns {string | null}
 */
export function canonicalPath(path) {
  if (!/[\\]|\/\/|(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i.test(path)) return null;
  const collapsed = path.replace(/[\\/]+/g, '/');
  const resolved = new URL(collapsed, 'http://localhost').pathname;
  return resolved === path ? null : resolved;
}

/**
 * Answers a request the site must not handle (see above) and returns true; returns false, writing
 * nothing, for a GET or HEAD of a canonical path.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {boolean}
 */
export function refusedRequest(req, res) {
  const plain = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...plain, Allow: ALLOWED_METHODS }).end('Only GET and HEAD are answered here.\n');
    return true;
  }
  const url = req.url ?? '/';
  if (!url.startsWith('/')) {
    res.writeHead(400, plain).end('A request names a path that starts with /.\n');
    return true;
  }
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  const canonical = canonicalPath(path);
  if (canonical === null) return false;
  const search = cut < 0 ? '' : url.slice(cut).replace(/#.*$/, '');
  res.writeHead(301, { ...plain, Location: `${canonical}${search}` }).end();
  return true;
}
