/**
 * A pool of worker processes (`child_process.fork`) that run tasks in the order they were given, a
 * few at a time in each process, and the other end of it that a worker serves them with. A task that
 * throws, or a worker that dies, fails the whole pool: every task waiting or running is rejected
 * with that one error and the processes are stopped, so a build stops at the first failure as it
 * did when every page was written in one thread.
 *
 * Processes rather than threads: a worker's heap (its engine caches, the page it is writing) is its
 * own process's memory, not the build's, so the build's largest process stays what Astro needs.
 * A worker is referenced (it keeps its parent alive) only while it has tasks, so a process whose
 * last task is done ends without closing the pool; a worker whose parent is gone ends too.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Tasks handed to one worker at a time: one running and the next one waiting, so it never idles. */
const IN_FLIGHT = 2;

/** How much of a worker's own error output is kept, to tell a worker that ran out of memory. */
const KEPT_STDERR = 8192;

/** A running pool. */
export interface WorkerPool<Task, Result> {
  readonly size: number;
  /** Runs a task on the next free worker; rejects with the pool's first failure, if any. */
  run(task: Task): Promise<Result>;
  /** Stops every worker; tasks still waiting are rejected. */
  close(): Promise<void>;
}

/** What a worker sends back for a task: its result, or what it threw. */
type Reply =
  | { id: number; result: unknown }
  | { id: number; error: { name: string; message: string; stack?: string | undefined } };

/** What a worker is sent: the data it starts with (once, first), then each task. */
type Message = { init: unknown } | { id: number; task: unknown };

interface Pending {
  readonly id: number;
  readonly task: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The error a worker's failure is raised as here: the same name, message and stack. */
function errorOf(error: { name: string; message: string; stack?: string | undefined }): Error {
  const raised = new Error(error.message);
  raised.name = error.name;
  if (error.stack !== undefined) raised.stack = error.stack;
  return raised;
}

/** Why a worker that exited stopped, in one sentence. */
function stoppedWhy(
  script: string,
  exit: { code: number | null; signal: string | null },
  stderr: string,
  heapMb: number | undefined,
): string {
  const name = `the build worker process ${basename(script)}`;
  if (/heap out of memory|Reached heap limit/i.test(stderr))
    return `${name} ran out of memory (a heap of ${heapMb ?? 'Node’s default'} MB; LEDGER_BUILD_WORKERS=1 writes every page in the build’s own process)`;
  return `${name} stopped (${exit.signal === null ? `exit code ${exit.code}` : `signal ${exit.signal}`})`;
}

/**
 * Starts `size` worker processes, each running `script` (an ES module) and sent `init` first, and
 * hands tasks to them as they free up. `heapMb` caps each worker's heap (V8's old generation).
 */
export function startPool<Task, Result>(
  script: string | URL,
  size: number,
  init: unknown,
  options: { heapMb?: number } = {},
): WorkerPool<Task, Result> {
  const file = script instanceof URL ? fileURLToPath(script) : script;
  const workers = Array.from({ length: size }, () => {
    const child: ChildProcess = fork(file, [], {
      // Not the parent's flags (Astro's own heap size): the worker's own, and the same environment.
      execArgv: options.heapMb === undefined ? [] : [`--max-old-space-size=${options.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-KEPT_STDERR)));
    const worker = { child, running: new Map<number, Pending>(), stderr: () => stderr };
    setReferenced(child, false);
    child.send({ init } satisfies Message);
    return worker;
  });
  const queue: Pending[] = [];
  let failure: Error | null = null;
  let nextId = 0;

  const fail = (error: Error): void => {
    if (failure !== null) return;
    failure = error;
    for (const { child, running } of workers) {
      for (const task of running.values()) task.reject(error);
      running.clear();
      child.kill();
    }
    for (const task of queue.splice(0)) task.reject(error);
  };
  const dispatch = (): void => {
    while (failure === null && queue.length > 0) {
      const free = workers.reduce((a, b) => (b.running.size < a.running.size ? b : a));
      if (free.running.size >= IN_FLIGHT) return;
      const task = queue.shift()!;
      if (free.running.size === 0) setReferenced(free.child, true);
      free.running.set(task.id, task);
      free.child.send({ id: task.id, task: task.task } satisfies Message);
    }
  };
  for (const worker of workers) {
    const { child } = worker;
    child.on('message', (reply: Reply) => {
      const task = worker.running.get(reply.id);
      if (task === undefined) return;
      worker.running.delete(reply.id);
      if (worker.running.size === 0) setReferenced(child, false);
      if ('error' in reply) {
        const error = errorOf(reply.error);
        task.reject(error);
        fail(error);
        return;
      }
      task.resolve(reply.result);
      dispatch();
    });
    child.on('error', (error) => fail(error));
    child.on('exit', (code, signal) => {
      if (failure === null) fail(new Error(stoppedWhy(file, { code, signal }, worker.stderr(), options.heapMb)));
    });
  }

  return {
    size,
    run: (task) =>
      new Promise<Result>((resolve, reject) => {
        if (failure !== null) return reject(failure);
        queue.push({ id: nextId++, task, resolve, reject });
        dispatch();
      }),
    close: async () => {
      fail(new Error('the build worker pool was closed'));
      const running = workers.filter(({ child }) => child.exitCode === null && child.signalCode === null);
      // A worker with no task is unreferenced, so that a process whose last task is done can end;
      // waiting for it to exit must keep this process alive, or a process with nothing else to do
      // ends before the exit is seen, in the middle of whatever awaited close(). Astro's did, now
      // and then, while its last hook awaited the claim pages: it ended with status 0 before writing
      // the sitemap and removing its server files from the site.
      for (const { child } of running) child.ref();
      await Promise.all(
        running.map(({ child }) => new Promise<void>((resolve) => child.once('exit', () => resolve()))),
      );
    },
  };
}

/** Whether a worker (its process and its channel) keeps this process alive. */
function setReferenced(child: ChildProcess, referenced: boolean): void {
  if (referenced) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/**
 * In a worker process: starts with the data the pool sends first (`start` gives the handler), then
 * answers every task with the handler's result or what it threw. Ends when the pool's end is gone.
 */
export function serveTasks<Init>(start: (init: Init) => (task: never) => unknown): void {
  const send = process.send?.bind(process);
  if (send === undefined) throw new Error('serveTasks runs in a worker process of a pool');
  let handle: ((task: never) => unknown) | null = null;
  process.on('message', (message: { init: Init } | { id: number; task: never }) => {
    if ('init' in message) {
      handle = start(message.init);
      return;
    }
    let reply: Reply;
    try {
      reply = { id: message.id, result: handle!(message.task) };
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      reply = { id: message.id, error: { name: error.name, message: error.message, stack: error.stack } };
    }
    send(reply);
  });
  process.on('disconnect', () => process.exit(0));
}
