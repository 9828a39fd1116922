/**
 * The server check's hostile requests (scripts/dev/server-check.ts), against the real built site:
 * a path in a form no page has is a 301 to the page it stands for, every method but GET and HEAD
 * is 405 with `Allow: GET, HEAD`, and none of them makes the server log a stack trace.
 */
import { request } from 'node:http';

/** One raw request (fetch refuses `TRACE` and would tidy the path): its status and headers. */
function raw(origin: string, method: string, path: string): Promise<{ status: number; headers: Headers }> {
  const { hostname, port } = new URL(origin);
  return new Promise((done, reject) => {
    const req = request({ host: hostname, port, method, path }, (res) => {
      res.resume();
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === 'string') headers.set(name, value);
        done({ status: res.statusCode ?? 0, headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Checks the hostile requests on the server at `origin` (with its base path) whose `pages` (paths
 * under the base, such as `/browse/all/all/recorded/2/`, rendered on request) exist; `errors()` is
 * what the server has written to stderr so far.
 */
export async function hostileChecks(
  origin: string,
  pages: readonly string[],
  errors: () => string,
  fail: (what: string) => void,
): Promise<void> {
  const { pathname: base } = new URL(`${origin}/`);
  let want = '';
  for (const page of pages) {
    want = `${base.replace(/\/$/, '')}${page}`;
    const last = page.split('/').at(-2);
    const forms = [
      `/${want}`,
      want.replace(/\/([^/]+)\/$/, '//$1/'),
      `${base}./${page.slice(1)}`,
      `${want}../${last}/`,
    ];
    for (const path of forms) {
      const { status, headers } = await raw(origin, 'GET', path);
      if (status !== 301 || headers.get('location') !== want)
        fail(`GET ${path}: status ${status}, Location ${headers.get('location')}, not 301 to ${want}`);
    }
  }
  for (const method of ['TRACE', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH']) {
    const { status, headers } = await raw(origin, method, want);
    if (status !== 405 || headers.get('allow') !== 'GET, HEAD')
      fail(`${method} ${want}: status ${status}, Allow ${headers.get('allow')}, not 405 with GET, HEAD`);
  }
  if (/\n\s+at /.test(errors())) fail(`the server logged a stack trace: ${errors().slice(0, 300)}`);
}
