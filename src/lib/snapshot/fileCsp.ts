/**
 * The snapshot's Content-Security-Policy. Chromium lets `'self'` match `file:` URLs in a page
 * opened from disk, but not every browser does, so wherever the site's policy allows `'self'` the
 * snapshot's also names `file:`. Nothing else changes: inline scripts stay forbidden.
 */

/** Adds `file:` beside every `'self'` of a policy. */
export function fileCsp(policy: string): string {
  return policy
    .split(';')
    .map((directive) => {
      const tokens = directive.trim().split(/\s+/);
      if (!tokens.includes("'self'") || tokens.includes('file:')) return directive.trim();
      const at = tokens.indexOf("'self'");
      return [...tokens.slice(0, at + 1), 'file:', ...tokens.slice(at + 1)].join(' ');
    })
    .filter((directive) => directive !== '')
    .join('; ');
}
