/**
 * The entry of a build pool's worker process: registers tsx's loader (Astro's process, which starts
 * it, runs without one), then loads the worker, which is TypeScript like the rest of the site.
 */
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
