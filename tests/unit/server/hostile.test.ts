/**
 * Server mode under hostile requests, on a real `npm start` (scripts/start.ts and its worker) on a
 * free loopback port, with a real trace store; only the built site is a stand-in (an entry that
 * answers every request with one page), so that what is tested is what the worker does before the
 * site: a method other than GET and HEAD, a path in a form no page has, and a client that sends its
 * headers a line at a time (scripts/dev/server-check.ts checks the same on the real built site).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { orderModels } from '../../../src/lib/site/site.ts';
import { writeStore } from '../../../src/lib/site/store/build.ts';
import { STATIC_MANIFEST } from '../../../src/lib/site/store/staticFiles.js';
import { STORE_FILE } from '../../../src/lib/site/store/store.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-hostile-'));
let server: ChildProcess | undefined;
let port = 0;
let errors = '';

beforeAll(async () => {
  const { ledger } = loadLedger({ content: 'content', models: 'models' });
  const claims = ledger!.claims.slice(0, 1).map(({ slug, file, claim }) => ({ slug, file, claim }));
  mkdirSync(join(dir, 'server'), { recursive: true });
  mkdirSync(join(dir, 'client'));
  writeFileSync(join(dir, STATIC_MANIFEST), JSON.stringify({ files: {} }));
  // The site: every request it is handed is a page (so a request that reaches it is answered 200).
  writeFileSync(
    join(dir, 'server', 'entry.mjs'),
    "export const pageMap = new Map();\nexport const handler = (req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>page</p>');\n",
  );
  writeStore(join(dir, STORE_FILE), {
    codeHash: engineCodeHash(),
    commit: 'c0ffee',
    buildDate: '2026-12-06',
    base: '/',
    models: orderModels(ledger!.models, ledger!.defaultModel),
    claims,
  });
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, LEDGER_DIST: dir, PORT: '0', HOST: '127.0.0.1', LEDGER_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  port = await new Promise<number>((done, reject) => {
    let out = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (found) done(Number(found[1]));
    });
    server!.on('exit', (code) => reject(new Error(`the server stopped (exit ${code}): ${errors}`)));
  });
}, 60_000);

afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** One request as a client writes it (the path as is, any method): status, headers and body. */
function send(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((done, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a server under hostile requests', () => {
  it.each(['TRACE', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND'])(
    'answers %s with 405 and Allow: GET, HEAD, never the page',
    async (method) => {
      const { status, headers, body } = await send(method, '/claims/a/');
      expect(status).toBe(405);
      expect(headers['allow']).toBe('GET, HEAD');
      expect(body).not.toContain('<p>page</p>');
    },
  );

  it.each([
    ['//claims/a/', '/claims/a/'],
    ['//browse/all/all/recorded/1/', '/browse/all/all/recorded/1/'],
    ['/claims//a/?x=1', '/claims/a/?x=1'],
    ['///evil.example/', '/evil.example/'],
    ['/\\evil.example/', '/evil.example/'],
    ['/./claims/a/', '/claims/a/'],
    ['/claims/b/../a/', '/claims/a/'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/claims/%2e%2e/', '/'],
    ['/claims/%2E/a/', '/claims/a/'],
    ['/claims/a/history/.%2e/trace.json', '/claims/a/trace.json'],
  ])('redirects %s to the one address it stands for, %s, on this server', async (path, location) => {
    const { status, headers } = await send('GET', path);
    expect([status, headers['location']]).toEqual([301, location]);
  });

  it('hands a canonical GET and HEAD to the site, and a query with // in it is not a path', async () => {
    expect((await send('GET', '/claims/a/?next=//x')).body).toBe('<p>page</p>');
    expect((await send('HEAD', '/claims/a/')).status).toBe(200);
  });

  it('refuses a request that names no path with 400', async () => {
    expect((await send('GET', 'http://elsewhere.example/claims/a/')).status).toBe(400);
  });

  it('closes a connection whose headers come a line a second, within seconds (slowloris)', async () => {
    const started = Date.now();
    const closed = await new Promise<{ after: number; reply: string }>((done) => {
      const socket = connect(port, '127.0.0.1');
      let reply = '';
      socket.on('data', (chunk) => (reply += chunk.toString()));
      socket.write('GET /claims/a/ HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      let n = 0;
      const drip = setInterval(() => {
        if (!socket.destroyed) socket.write(`X-Slow-${(n += 1)}: 1\r\n`);
      }, 1_000);
      socket.on('close', () => {
        clearInterval(drip);
        done({ after: Date.now() - started, reply });
      });
      socket.on('error', () => undefined);
      // Node's default would hold it 60 s and more: give up well before, and fail. The server's 408
      // says its own timeout closed it; the margin (5 s and a check a second, under 15 s) is for a
      // loaded machine.
      setTimeout(() => socket.destroy(), 20_000);
    });
    expect(closed.after).toBeLessThan(15_000);
    expect(closed.reply).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('closes an idle keep-alive connection within seconds', async () => {
    const started = Date.now();
    const after = await new Promise<number>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.write('GET /claims/a/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      socket.on('data', () => undefined);
      socket.on('close', () => done(Date.now() - started));
      socket.on('error', () => undefined);
      setTimeout(() => socket.destroy(), 20_000);
    });
    expect(after).toBeLessThan(15_000);
  }, 30_000);

  it('logs no stack trace for any of them', () => {
    expect(errors).not.toMatch(/\n\s+at /);
  });
});
