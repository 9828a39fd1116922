/**
 * Addresses of a static build that the server must serve the same bytes for, read from the built
 * folder: the server check and the server bench compare a server with a static build through them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A claim's history page and every revision trace beside it in the static build (none if it has no page). */
export function historyAddresses(dir: string, slug: string): string[] {
  const history = `/claims/${slug}/history/`;
  const folder = join(dir, history);
  if (!existsSync(join(folder, 'index.html'))) return [];
  const traces: string[] = [];
  for (const commit of readdirSync(folder, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    for (const entry of readdirSync(join(folder, commit.name), { withFileTypes: true })) {
      if (entry.isFile() && entry.name === 'trace.json') traces.push(`${history}${commit.name}/trace.json`);
      else if (entry.isDirectory() && existsSync(join(folder, commit.name, entry.name, 'trace.json')))
        traces.push(`${history}${commit.name}/${entry.name}/trace.json`);
    }
  }
  return [history, ...traces];
}
