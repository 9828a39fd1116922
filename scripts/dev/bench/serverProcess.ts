/**
 * The server the bench runs: `npm start` of a build folder on a free loopback port, its peak memory,
 * and the bytes it sends for an address.
 */
import { spawn } from 'node:child_process';
import { Agent, get, request } from 'node:http';
import { readFileSync } from 'node:fs';

/** What a browser asks for. */
export const BROWSER_CODINGS = 'gzip, deflate, br, zstd';

/** The bytes of `url` as sent (not decoded) when asked with `acceptEncoding`, and the coding sent. */
export function sentBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; coding: string }> {
  return new Promise((done, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => done({ bytes, coding: String(response.headers['content-encoding'] ?? 'identity') }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** The middle value of `values` (the lower of the two middle ones for an even count). */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;

/** A server of a build folder, started on a free loopback port. */
export async function startServer(
  site: string,
  env: NodeJS.ProcessEnv,
): Promise<{ origin: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: site,
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const origin = await new Promise<string>((done, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found) done(found[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the server stopped (exit ${code}): ${errors.trim()}`)));
  });
  return { origin, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/** The peak resident memory of a process and its children (the server's workers), added up, from the kernel. */
export const peakRssMb = (pid: number): number => {
  const hwm = (p: string): number => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return [String(pid), ...children].reduce((sum, p) => sum + hwm(p), 0) / 1024;
};

/** What a paced run measured: the requests a second it achieved, latencies in ms, failures. */
export interface PacedRun {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

/**
 * `perSecond` requests a second for `seconds`, each sent at its time whether or not the earlier ones
 * were answered (an open loop, as readers arrive), to `origin` + `path()`. A request's latency runs
 * from the time it was due, so a server that falls behind is charged for the wait. (autocannon's
 * `overallRate` sends each second's requests at the start of the second, a burst a second.)
 */
export async function pacedLoad(
  origin: string,
  path: () => string,
  perSecond: number,
  seconds: number,
  acceptEncoding: string,
): Promise<PacedRun> {
  const agent = new Agent({ keepAlive: true });
  const { hostname, port } = new URL(origin);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const send = (due: number): Promise<void> =>
    new Promise((done) => {
      const headers = { 'Accept-Encoding': acceptEncoding };
      request({ hostname, port, path: path(), agent, headers }, (response) => {
        if (response.statusCode !== 200) non2xx += 1;
        response.resume();
        response.on('end', () => done(void latencies.push(performance.now() - due)));
      })
        .on('error', () => done(void (errors += 1)))
        .end();
    });
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
    sent.push(send(due));
  }
  await Promise.all(sent);
  const took = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN);
  return { rps: latencies.length / took, p50: at(0.5), p99: at(0.99), errors, non2xx };
}
