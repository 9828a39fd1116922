/**
 * The build's step of server mode: loads the content (already checked) and scores every claim under
 * every released model into the trace store, with the same code hash, commit, date and base the
 * prerendered pages are built with.
 */
import { engineCodeHash, loadLedger } from '../../input/load.ts';
import { InputError } from '../../input/problems.ts';
import { basePath } from '../../paths.ts';
import { buildCommit, buildDate, contentDates } from '../buildInfo.ts';
import { orderModels } from '../site.ts';
import { writeStore, type StoreMeta } from './store.ts';

/** Scores the content of `folders` into a new store at `file`. */
export function scoreIntoStore(file: string, folders: { content: string; models: string }): StoreMeta {
  const { ledger, problems } = loadLedger(folders);
  if (!ledger) throw new InputError(problems);
  return writeStore(file, {
    codeHash: engineCodeHash(),
    commit: buildCommit(),
    buildDate: buildDate(process.env, { dates: () => contentDates(ledger.claims, ledger.models) }),
    base: basePath(),
    models: orderModels(ledger.models, ledger.defaultModel),
    claims: ledger.claims.map(({ slug, file: claimFile, claim }) => ({ slug, file: claimFile, claim })),
  });
}
