/**
 * The process scripts/build.ts starts for a server build's compare rows (compareApartBuild.ts):
 * `compareApartMain.ts <file>` reads the content the build checked (handed over in the file
 * `LEDGER_CHECKED` names, else loaded again from `LEDGER_CONTENT` and `LEDGER_MODELS`) and writes
 * the rows into `<file>`. A failure is one line on standard error.
 */
import { engineCodeHash } from '../../input/codeHash.ts';
import { ledgerFolders } from '../../input/folders.ts';
import { loadLedger } from '../../input/load.ts';
import { handedContent, type CheckedContent } from '../../input/handedLedger.ts';
import { pageSize } from '../../listing/paging.ts';
import { writeCompareApart } from './compareApart.ts';

// The build that started this process is gone: so is the reason to finish.
process.on('disconnect', () => process.exit(1));

/** The content the build handed over before starting this process (nothing to wait for), else loaded here. */
function checkedContent(): CheckedContent {
  const handed = handedContent(process.env, { wait: false });
  if (handed !== null) return handed;
  const { ledger, problems } = loadLedger(ledgerFolders());
  if (ledger === null) throw new Error(`the content did not load (${problems.length} problems)`);
  return ledger;
}

const file = process.argv[2];
try {
  if (file === undefined) throw new Error('no file to write the compare rows into');
  writeCompareApart(file, checkedContent(), engineCodeHash(), pageSize());
  process.exit(0);
} catch (error) {
  process.stderr.write(`the compare rows could not be worked: ${(error as Error).message}\n`);
  process.exit(1);
}
