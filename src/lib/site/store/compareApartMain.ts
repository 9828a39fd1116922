/**
 * The process scripts/build.ts starts for a server build's compare rows (compareApartBuild.ts):
 * `compareApartMain.ts <file>` loads the content of `LEDGER_CONTENT` and `LEDGER_MODELS` (already
 * checked by the build) and writes the rows into `<file>`. A failure is one line on standard error.
 */
import { engineCodeHash } from '../../input/codeHash.ts';
import { ledgerFolders } from '../../input/folders.ts';
import { loadLedger } from '../../input/load.ts';
import { pageSize } from '../../listing/paging.ts';
import { writeCompareApart } from './compareApart.ts';

// The build that started this process is gone: so is the reason to finish.
process.on('disconnect', () => process.exit(1));

const file = process.argv[2];
try {
  if (file === undefined) throw new Error('no file to write the compare rows into');
  const { ledger, problems } = loadLedger(ledgerFolders());
  if (ledger === null) throw new Error(`the content did not load (${problems.length} problems)`);
  writeCompareApart(file, ledger, engineCodeHash(), pageSize());
  process.exit(0);
} catch (error) {
  process.stderr.write(`the compare rows could not be worked: ${(error as Error).message}\n`);
  process.exit(1);
}
