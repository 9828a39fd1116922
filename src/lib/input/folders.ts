/**
 * The folders a site is built from: `LEDGER_CONTENT` (claims in its `claims/`) and `LEDGER_MODELS`,
 * else `content` and `models`. The build's check, getSite and the dev server's watcher all read
 * them from here, so they never look at different content.
 */
export function ledgerFolders(env: Readonly<Record<string, string | undefined>> = process.env): {
  content: string;
  models: string;
} {
  return { content: env['LEDGER_CONTENT'] ?? 'content', models: env['LEDGER_MODELS'] ?? 'models' };
}
