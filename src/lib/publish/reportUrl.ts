/**
 * Where readers report a problem with a claim (docs/design.md §6c): `LEDGER_REPORT_URL`, a template
 * of an http(s) address in which `{claim}`, `{model}` and `{step}` are replaced by the claim's
 * slug, the model's id and the step's anchor (each percent-encoded). The Pages workflow sets it to
 * a new-issue address of the site's own repository unless the site names another; unset, a page
 * offers no such link.
 */

/** The report template from the environment, or null when it is unset or not an http(s) address. */
export function reportTemplate(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const template = (env['LEDGER_REPORT_URL'] ?? '').trim();
  if (template === '') return null;
  try {
    const url = new URL(template.replaceAll(/\{(claim|model|step)\}/g, 'x'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? template : null;
  } catch {
    return null;
  }
}

/** The address a reader reports a problem with `claim` under `model`, at `step`, to. */
export function reportUrl(template: string, where: { claim: string; model: string; step: string }): string {
  return template
    .replaceAll('{claim}', encodeURIComponent(where.claim))
    .replaceAll('{model}', encodeURIComponent(where.model))
    .replaceAll('{step}', encodeURIComponent(where.step));
}
