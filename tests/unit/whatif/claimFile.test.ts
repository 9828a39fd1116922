import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadClaimFile, loadLedger } from '../../../src/lib/input/load.ts';
import { claimFileText } from '../../../src/lib/whatif/claimFile.ts';
import { applyWhatIf } from '../../../src/lib/whatif/edits.ts';

const { ledger } = loadLedger({ content: 'content', models: 'models' });
const work = mkdtempSync(join(tmpdir(), 'ledger-claim-file-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the edited claim file', () => {
  it.each(ledger!.claims.map((c) => [c.slug, c.claim] as const))(
    'reads back into the same claim, key for key (%s)',
    (slug, claim) => {
      // Every link re-levelled and a link added, so that the file holds what a what-if changes.
      const edited = applyWhatIf(claim, {
        model: null,
        links: new Map(claim.evidence.map((l) => [l.id, { levels: { interpretationSteps: '3' } }])),
        votes: new Map(claim.votes.map((v) => [v.voter, { value: '0.50', reputation: '1e2' }])),
        added: [
          {
            source: null,
            direction: 'opposes',
            levels: {
              relevance: 'bears-directly',
              observation: 'document',
              interpretationSteps: '0',
              authenticity: 'verified',
              extraction: 'unverified',
            },
          },
        ],
      });
      const file = join(work, `${slug}.yaml`);
      writeFileSync(file, claimFileText(edited));
      const { loaded, problems } = loadClaimFile(file, ledger!.models);
      expect(problems).toEqual([]);
      // Same keys in the same order: the trace, written with JSON.stringify, is then the same bytes.
      expect(JSON.stringify(loaded!.claim)).toBe(JSON.stringify(edited));
    },
  );
});
