/**
 * A built site's published files without building it: every claim's trace under every model and
 * each model's canonical JSON, at the URLs `src/lib/paths.ts` gives them, in a folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { canonicalJson, createScorer, type Claim, type Json, type Model } from '../../../src/engine/index.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { modelJsonPath, tracePath } from '../../../src/lib/paths.ts';
import { InputError } from '../../../src/lib/input/problems.ts';
import { REPO_ROOT } from '../../support/cli.ts';

/** What a site publishes from: models by id, the default, and claims by slug. */
export interface Published {
  readonly models: readonly { readonly id: string; readonly model: Model }[];
  readonly defaultModel: string;
  readonly claims: readonly { readonly slug: string; readonly claim: Claim }[];
}

let repository: Published | null = null;

/**
 * The repository's own models and claims, as the build reads them: read once a module graph (the
 * shared test project's worker keeps it for every file it runs), as no test changes them.
 */
export function repositoryContent(): Published {
  if (repository !== null) return repository;
  const { ledger, problems } = loadLedger({ content: join(REPO_ROOT, 'content'), models: join(REPO_ROOT, 'models') });
  if (!ledger) throw new InputError(problems);
  return (repository = ledger);
}

/**
 * Two of the repository's claims (the first, and the first with votes) with every model: for tests
 * that change one file of a site and look for that change, where every other claim's traces would
 * only be re-derived again by each verify, in both implementations.
 */
export function fewClaims(content: Published): Published {
  const voted = content.claims.find(({ claim }) => claim.votes.length > 0);
  return { ...content, claims: [...new Set([content.claims[0]!, ...(voted ? [voted] : [])])] };
}

function write(root: string, urlPath: string, text: string): string {
  const file = join(root, ...urlPath.split('/').filter(Boolean));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** Writes the site's traces and model JSON under `root`; returns how many traces were written. */
export function writeSiteLayout(root: string, content: Published, codeHash = engineCodeHash()): number {
  let count = 0;
  for (const { id, model } of content.models) {
    write(root, modelJsonPath(id), canonicalJson(model as unknown as Json));
    const scorer = createScorer(model, codeHash);
    for (const { slug, claim } of content.claims) {
      const text = `${JSON.stringify(scorer.score(slug, claim), null, 2)}\n`;
      write(root, tracePath(slug, id), text);
      count += 1;
      if (id === content.defaultModel) {
        write(root, tracePath(slug), text);
        count += 1;
      }
    }
  }
  return count;
}
