/**
 * The entry of a build pool's thread: registers tsx's loader in this thread (a thread does not
 * inherit its parent's), then loads the worker, which is TypeScript like the rest of the site.
 */
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
