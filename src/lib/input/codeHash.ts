/** The engine's code hash: the hash of the TypeScript files of `src/engine`, which names the arithmetic. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import './nodeSha256.ts';
import { codeHashOf } from '../../engine/index.ts';
import { walkFolder } from './folderWalk.ts';

/** Where the engine's source is: beside this module when run from source, else under the working directory. */
function engineDir(): string {
  const beside = fileURLToPath(new URL('../../engine/', import.meta.url));
  return existsSync(join(beside, 'score.ts')) ? beside : join(process.cwd(), 'src', 'engine');
}

/** The engine's code hash, over the TypeScript files of `src/engine`. */
export function engineCodeHash(dir: string = engineDir()): string {
  const files = walkFolder(dir)
    .filter((entry) => entry.kind === 'file' && entry.path.endsWith('.ts'))
    .map((entry) => ({ path: entry.path, bytes: readFileSync(entry.full) }));
  return codeHashOf(files);
}
