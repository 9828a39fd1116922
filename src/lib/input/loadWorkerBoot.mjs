/**
 * The entry of a worker thread of the build's check (loadOnCores.ts): registers tsx's loader in
 * this thread (a loader registered in the build script's thread does not reach its workers), then
 * loads the worker, which is TypeScript like the rest of the site.
 */
import { register } from 'tsx/esm/api';

register();
await import('./loadWorker.ts');
