/** `ledger score <claim.yaml>... --model <id or file>`: prints each claim's trace. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createScorer } from '../engine/index.ts';
import { traceJson } from '../lib/claim/page.ts';
import { display } from '../lib/input/readText.ts';
import { engineCodeHash } from '../lib/input/codeHash.ts';
import { listFiles } from '../lib/input/ledgerFiles.ts';
import { loadClaimFile, loadModelFile, type LoadedClaim, type LoadedModel } from '../lib/input/load.ts';
import type { Problem } from '../lib/input/problems.ts';
import { failOn, UsageError, type Io } from './run.ts';

/** Resolves `--model`: a path to a model file, or an id looked up in the models folder. */
export function resolveModel(model: string, modelsDir: string): { loaded: LoadedModel | null; problems: Problem[] } {
  const looksLikePath = /[\\/]|\.(ya?ml|json)$/.test(model);
  if (looksLikePath) {
    if (!existsSync(model))
      return {
        loaded: null,
        problems: [{ file: display(model), line: 1, field: '--model', message: 'model file not found' }],
      };
    return loadModelFile(model);
  }
  const file =
    ['.yaml', '.yml', '.json'].map((ending) => join(modelsDir, `${model}${ending}`)).find((f) => existsSync(f)) ??
    join(modelsDir, `${model}.yaml`);
  if (!existsSync(file)) {
    const known = listFiles(modelsDir, ['.yaml'])
      .map((f) => f.replace(/^.*[\\/]/, '').replace(/\.yaml$/, ''))
      .filter((id) => id.includes('@'));
    return {
      loaded: null,
      problems: [
        {
          file: display(file),
          line: 1,
          field: '--model',
          message: `no model ${model} in ${display(modelsDir)} (known: ${known.join(', ') || 'none'})`,
        },
      ],
    };
  }
  return loadModelFile(file, { requireIdMatchesFile: true });
}

/** Scores every claim file under one model; prints one trace, or JSON Lines for several. */
export function scoreCommand(
  io: Io,
  files: readonly string[],
  options: { model?: string | undefined; models: string },
): number {
  if (files.length === 0)
    throw new UsageError('score needs at least one claim file: score <claim.yaml>... --model <id or file>');
  if (!options.model) throw new UsageError('score needs --model <model id or path to a model file>');
  const { loaded: model, problems } = resolveModel(options.model, options.models);
  failOn(problems);
  const claims: LoadedClaim[] = [];
  for (const file of files) {
    const { loaded, problems: invalid } = loadClaimFile(file, [model!]);
    problems.push(...invalid);
    if (loaded) claims.push(loaded);
  }
  failOn(problems);
  const scorer = createScorer(model!.model, engineCodeHash());
  const traces = claims.map(({ slug, claim }) => scorer.score(slug, claim));
  // Each trace as the site publishes it in trace.json (one line and a newline), so that scoring a
  // claim reproduces its published trace byte for byte; several are JSON Lines.
  io.out(traces.map(traceJson).join(''));
  return 0;
}
