/** The claim the /contribute/ playground starts from: one of the ledger's own claim files, as written. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ledgerFolders } from '../input/folders.ts';

/** The claims the playground prefers to start from (evidence both ways, votes, reviews), in order. */
const PREFERRED = ['eastbrook-burglaries-fell', 'eastbrook-lead-limit'];

/** The slug and text of the example claim file: a preferred claim if the ledger has it, else its first. */
export function playgroundExample(slugs: readonly string[]): { slug: string; text: string } {
  const slug = PREFERRED.find((s) => slugs.includes(s)) ?? slugs[0];
  if (slug === undefined) return { slug: 'my-claim', text: '' };
  try {
    return { slug, text: readFileSync(join(ledgerFolders().content, 'claims', `${slug}.yaml`), 'utf8') };
  } catch {
    return { slug, text: '' };
  }
}
