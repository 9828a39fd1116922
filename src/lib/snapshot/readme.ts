/** The `README.txt` at the top of a snapshot, for whoever opens it years from now. */
import { MANIFEST } from './manifest.ts';
import type { SnapshotInfo } from './name.ts';

/** Writes README.txt for a snapshot. */
export function snapshotReadme(info: SnapshotInfo, counts: { files: number; traces: number }): string {
  const from = info.commit === null ? 'outside a git checkout (no commit recorded)' : `from commit ${info.commit}`;
  return `THE CLAIM LEDGER - OFFLINE SNAPSHOT
===================================

This folder is a complete copy of the claim ledger website (${info.origin}/)
as it was built on ${info.date} ${from}.
It needs no server and no network: every page, formula, font and trace is in
this folder.

  Built on:       ${info.date}
  Commit:         ${info.commit ?? '(none)'}
  Default model:  ${info.defaultModel}
  Code hash:      ${info.codeHash}
  Files:          ${counts.files} (${counts.traces} traces), each listed in ${MANIFEST}

The claim ledger publishes every claim's probability together with the full
arithmetic behind it. Each claim page shows every step; each trace.json holds
the claim's inputs, the model that scored it and every number of the working.


OPEN IT
-------
Double-click index.html (or open it in any web browser). Links between pages
work from the disk. Nothing is fetched from the internet.

  index.html                      every claim, with its state
  claims/<claim>/index.html       a claim under the default model
  claims/<claim>/trace.json       ... and its full trace
  claims/<claim>/<model>/         the claim under each other model
  models/<model>/index.html       what each model does; model.json beside it
  compare/<a>/<b>/index.html      two models side by side
  reference/ledger.py             an independent implementation, in Python
  reference/ledger_*.py           ... the files of it that ledger.py imports


CHECK THAT NOTHING WAS ALTERED
------------------------------
Run these in a terminal, inside this folder.

1. Every file is as it was made. ${MANIFEST} lists the SHA-256 of every
   other file:

     sha256sum -c ${MANIFEST}              (Linux)
     shasum -a 256 -c ${MANIFEST}          (macOS)

   Every line should end in "OK".

2. Every number follows from its inputs. The Python reference implementation
   (Python 3.11 or later, standard library only, no network) re-scores every
   trace.json from the claim's inputs and the published model.json, and
   compares the whole trace, every figure of the working included, with
   what was published; it checks ${MANIFEST} on the way:

     python3 reference/ledger.py verify .

   It prints "N files match ${MANIFEST}" and "N traces reproduced, 0 differ"
   when nothing was altered, and names the file and field of anything that
   differs.
   (On Windows: py reference\\ledger.py verify .)

With the claim ledger's source code, one command does both checks, on this
folder or on the .zip it came in:

     npm run -s ledger -- verify <this folder or the .zip>

The .zip's own SHA-256 was written beside it, in a file ending .zip.sha256.
`;
}
