/**
 * Where each trace is published, and whether every claim has one under every model: a trace
 * holds one claim under one model, and a reader who opens `claims/<slug>/<model>/trace.json` (or
 * the page beside it) must find that claim under that model, not another's numbers that reproduce
 * well enough on their own. A trace that is missing is a finding, not one fewer trace counted.
 */
import { byBytes } from '../input/folderWalk.ts';
import type { SiteFiles } from './files.ts';
import type { Finding } from './report.ts';

/** What a trace's path says it holds: its claim, and its model (null for the default model's). */
export interface TraceAddress {
  readonly slug: string;
  readonly model: string | null;
  /** The commit, for a trace of a claim as it was at that commit (a history trace). */
  readonly commit: string | null;
}

const MODEL_ID = /^[^/@]+@\d+\.\d+\.\d+$/;

/** What a trace's path says it holds, or null when the path is not one a site publishes traces at. */
export function traceAddress(path: string): TraceAddress | null {
  const parts = path.split('/');
  if (parts[0] !== 'claims' || parts.at(-1) !== 'trace.json' || parts.length < 3) return null;
  const slug = parts[1]!;
  const rest = parts.slice(2, -1);
  if (rest.length === 0) return { slug, model: null, commit: null };
  if (rest.length === 1 && MODEL_ID.test(rest[0]!)) return { slug, model: rest[0]!, commit: null };
  if (rest[0] === 'history' && rest.length === 2) return { slug, model: null, commit: rest[1]! };
  if (rest[0] === 'history' && rest.length === 3 && MODEL_ID.test(rest[2]!))
    return { slug, model: rest[2]!, commit: rest[1]! };
  return null;
}

/** The claim and model a published trace names (each undefined when it names none). */
export interface TraceNames {
  readonly claim: unknown;
  readonly model: unknown;
}

/** Findings for a trace whose contents are not what its address says, or that sits at no trace's address. */
export function addressFindings(path: string, names: TraceNames, defaultModel: string | null): Finding[] {
  const address = traceAddress(path);
  if (address === null)
    return [{ file: path, field: null, message: 'is not at an address a trace is published at, so no page shows it' }];
  const findings: Finding[] = [];
  // A history trace holds the claim as its file was named then (a renamed file keeps its old slug).
  if (address.commit === null && names.claim !== address.slug)
    findings.push({
      file: path,
      field: 'claim',
      message: `is ${JSON.stringify(names.claim)}, but this is the address of claim ${address.slug}'s trace`,
    });
  const model = address.model ?? (address.commit === null ? defaultModel : null);
  if (model !== null && names.model !== model)
    findings.push({
      file: path,
      field: 'model',
      message:
        `is ${JSON.stringify(names.model)}, but this is the address of the trace under ${model}` +
        (address.model === null ? ' (the default model)' : ''),
    });
  return findings;
}

/** The claims and models a site publishes, read from its files. */
export interface Published {
  readonly slugs: readonly string[];
  /** The models the site says every claim is scored under (its `data/scores.json`). */
  readonly models: readonly string[];
  /** The default model, when the site says which it is (its `data/scores.json`). */
  readonly defaultModel: string | null;
}

/**
 * The traces a site must have and does not: every published claim (a claim page or a trace) under
 * every model the site names, and under the default model at the claim's own address when the site
 * has any such trace or names its default. (A claim page with no trace beside it is named by the
 * page check.)
 */
export function missingTraces(files: SiteFiles, published: Published): Finding[] {
  const listed = new Set(files.list());
  const findings: Finding[] = [];
  const defaultAddress =
    published.defaultModel !== null || published.slugs.some((slug) => listed.has(`claims/${slug}/trace.json`));
  for (const slug of published.slugs) {
    for (const model of published.models) {
      const path = `claims/${slug}/${model}/trace.json`;
      if (!listed.has(path))
        findings.push({
          file: path,
          field: null,
          message: `missing: claim ${slug} is published but has no trace under ${model}`,
        });
    }
    const own = `claims/${slug}/trace.json`;
    if (defaultAddress && !listed.has(own))
      findings.push({
        file: own,
        field: null,
        message: `missing: claim ${slug} is published but has no trace at its own address (the default model's)`,
      });
  }
  return findings;
}

/** The slugs of every claim the site's paths show (a claim's folder with a page or a trace in it). */
export function publishedSlugs(files: SiteFiles, more: Iterable<string> = []): string[] {
  const slugs = new Set<string>(more);
  for (const path of files.list()) {
    const match = /^claims\/([^/]+)\/(?:[^/]+@[^/]+\/)?(?:index\.html|trace\.json)$/.exec(path);
    if (match !== null && !MODEL_ID.test(match[1]!)) slugs.add(match[1]!);
  }
  return [...slugs].sort(byBytes);
}
