/**
 * A pool of worker threads (`node:worker_threads`) that run tasks in the order they were given, a
 * few at a time on each thread, and the other end of it that a worker serves them with. A task that
 * throws, or a worker that dies, fails the whole pool: every task waiting or running is rejected
 * with that one error and the threads are stopped, so a build stops at the first failure as it did
 * when every page was written in one thread.
 *
 * A thread is referenced (it keeps its process alive) only while it has tasks, so a process whose
 * last task is done ends without closing the pool.
 */
import { parentPort, Worker } from 'node:worker_threads';

/** Tasks handed to one thread at a time: one running and the next one waiting, so it never idles. */
const IN_FLIGHT = 2;

/** A running pool. */
export interface WorkerPool<Task, Result> {
  readonly size: number;
  /** Runs a task on the next free thread; rejects with the pool's first failure, if any. */
  run(task: Task): Promise<Result>;
  /** Stops every thread; tasks still waiting are rejected. */
  close(): Promise<void>;
}

/** What a thread sends back for a task: its result, or what it threw. */
type Reply =
  | { id: number; result: unknown }
  | { id: number; error: { name: string; message: string; stack?: string | undefined } };

interface Pending {
  readonly id: number;
  readonly task: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The error a thread's failure is raised as here: the same name, message and stack. */
function errorOf(error: { name: string; message: string; stack?: string | undefined }): Error {
  const raised = new Error(error.message);
  raised.name = error.name;
  if (error.stack !== undefined) raised.stack = error.stack;
  return raised;
}

/**
 * Starts `size` threads, each running `script` (an ES module) with `workerData`, and hands tasks to
 * them as they free up. `execArgv` and `resourceLimits` are each thread's.
 */
export function startPool<Task, Result>(
  script: string | URL,
  size: number,
  workerData: unknown,
  options: { resourceLimits?: import('node:worker_threads').ResourceLimits } = {},
): WorkerPool<Task, Result> {
  const threads = Array.from({ length: size }, () => {
    const worker = new Worker(script, { workerData, resourceLimits: options.resourceLimits });
    worker.unref();
    return { worker, running: new Map<number, Pending>() };
  });
  const queue: Pending[] = [];
  let failure: Error | null = null;
  let nextId = 0;

  const fail = (error: Error): void => {
    if (failure !== null) return;
    failure = error;
    for (const { worker, running } of threads) {
      for (const task of running.values()) task.reject(error);
      running.clear();
      void worker.terminate();
    }
    for (const task of queue.splice(0)) task.reject(error);
  };
  const dispatch = (): void => {
    while (failure === null && queue.length > 0) {
      const free = threads.reduce((a, b) => (b.running.size < a.running.size ? b : a));
      if (free.running.size >= IN_FLIGHT) return;
      const task = queue.shift()!;
      if (free.running.size === 0) free.worker.ref();
      free.running.set(task.id, task);
      free.worker.postMessage({ id: task.id, task: task.task });
    }
  };
  for (const thread of threads) {
    thread.worker.on('message', (reply: Reply) => {
      const task = thread.running.get(reply.id);
      if (task === undefined) return;
      thread.running.delete(reply.id);
      if (thread.running.size === 0) thread.worker.unref();
      if ('error' in reply) {
        const error = errorOf(reply.error);
        task.reject(error);
        fail(error);
        return;
      }
      task.resolve(reply.result);
      dispatch();
    });
    thread.worker.on('error', (error) => fail(error));
    thread.worker.on('exit', (code) => {
      if (failure === null) fail(new Error(`a build worker thread stopped (exit code ${code})`));
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
      await Promise.all(threads.map(({ worker }) => worker.terminate()));
    },
  };
}

/** In a worker thread: answers every task the pool sends with `handle`'s result or what it threw. */
export function serveTasks(handle: (task: never) => unknown): void {
  const port = parentPort;
  if (port === null) throw new Error('serveTasks runs in a worker thread');
  port.on('message', ({ id, task }: { id: number; task: never }) => {
    let reply: Reply;
    try {
      reply = { id, result: handle(task) };
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      reply = { id, error: { name: error.name, message: error.message, stack: error.stack } };
    }
    port.postMessage(reply);
  });
}
