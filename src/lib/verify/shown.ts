/**
 * What a reader sees, checked against the traces: every figure a claim page marks with
 * `data-field` (the page's own trace), its state badge, summary sentence and description, and every
 * row of a listing, a claim's table of models or a compare page that shows a claim's state and
 * probability (the trace of the claim and model the row links to). A page edited after the build,
 * or built from other numbers than its traces, is named with the figure that differs.
 */
import { capitalIdWords, idWords } from '../render/words.ts';
import type { SiteFiles } from './files.ts';
import type { Finding } from './report.ts';

/** The published traces, parsed, by path (`claims/<slug>/<model>/trace.json`). */
export type TraceIndex = ReadonlyMap<string, Record<string, unknown>>;

/** The path of a claim's trace under a model, or at its own address (the default model's) for null. */
export const traceAt = (slug: string, model: string | null): string =>
  model === null ? `claims/${slug}/trace.json` : `claims/${slug}/${model}/trace.json`;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** HTML text as a reader reads it: entities decoded, tags dropped, white space collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .replaceAll('\u2212', '-')
    .trim();
}

/** The value at a dotted path of a trace (`links.0.weight`) as a page shows it, or undefined when there is none. */
export function traceValue(trace: unknown, path: string): string | null | undefined {
  let value: unknown = trace;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Which claim and model a page path is the page of, or null for any other page. */
export function claimPageOf(path: string): { slug: string; model: string | null } | null {
  const match = /^claims\/([^/]+)\/(?:([^/]+@\d+\.\d+\.\d+)\/)?index\.html$/.exec(path);
  if (match === null || match[1] === 'history') return null;
  return { slug: match[1]!, model: match[2] ?? null };
}

/** A link to a claim's page, written root-relative, absolute or (in a snapshot) relative. */
const CLAIM_LINK = /href="(?:[^"]*\/)?claims\/([^/"#?]+)\/(?:([^/"#?]+@\d+\.\d+\.\d+)\/)?(?:index\.html)?(?:#[^"]*)?"/;

/** One figure a reader sees: what it is, what the page shows and what the trace holds. */
function differs(file: string, what: string, shown: string, expected: string | null | undefined): Finding {
  return {
    file,
    field: what,
    message: `the page shows ${JSON.stringify(shown)}, the trace holds ${expected == null ? 'none' : JSON.stringify(expected)}`,
  };
}

/** The figures of one claim page against its own trace. */
function claimPageFindings(file: string, html: string, trace: Record<string, unknown>): Finding[] {
  const findings: Finding[] = [];
  // Every marked figure: the page's own promise that it shows the trace's value.
  for (const match of html.matchAll(/<[a-z0-9]+\b[^>]*\bdata-field="([^"]+)"[^>]*>([^<]*)</g)) {
    const path = match[1]!;
    const shown = htmlText(match[2]!);
    const expected = traceValue(trace, path);
    if (expected === undefined)
      findings.push({ file, field: path, message: 'the page marks a figure the trace does not have' });
    else if (shown !== (expected ?? '').replace(/\s+/g, ' ').trim())
      findings.push(differs(file, path, shown, expected));
  }
  const state = traceValue(trace, 'result.state') ?? '';
  const probability = traceValue(trace, 'result.probability');
  for (const match of html.matchAll(/<span class="[^"]*\bclaim-state\b[^"]*" data-state="([^"]*)">([^<]*)</g)) {
    if (match[1] !== state) findings.push(differs(file, 'state badge (data-state)', match[1]!, state));
    if (htmlText(match[2]!) !== capitalIdWords(state))
      findings.push(differs(file, 'state badge', htmlText(match[2]!), capitalIdWords(state)));
  }
  const summary = /<p class="claim-summary">([^<]*)</.exec(html);
  if (summary !== null) {
    const text = htmlText(summary[1]!);
    // A scored claim's sentence names its state with the state's band, then its probability:
    // "Uncertain (0.3 to below 0.7), at 0.6225: …"; the state and the probability are checked.
    const expected =
      probability == null ? `Not rated: ${idWords(state)}` : `${capitalIdWords(state)} (…), at ${probability}:`;
    const says =
      probability == null
        ? text.startsWith(expected)
        : text.startsWith(`${capitalIdWords(state)} (`) &&
          /^[^()]*\([^()]*\), at ([^:\s]*):/.exec(text)?.[1] === probability;
    if (!says) findings.push(differs(file, 'summary', text.slice(0, expected.length + 30), expected));
  }
  for (const match of html.matchAll(/<meta (?:name|property)="([a-z:]*description)" content="([^"]*)"/g))
    findings.push(...sentenceFindings(file, `<meta ${match[1]!}>`, htmlText(match[2]!), trace));
  return findings;
}

/** The `<state>, probability <p> under <model>` sentence of a description or a feed's summary, checked. */
export function sentenceFindings(file: string, what: string, text: string, trace: Record<string, unknown>): Finding[] {
  const scored = /^([a-z-]+), probability (\S+?),? under (\S+@\d+\.\d+\.\d+)/.exec(text);
  const unscored = /^([a-z-]+) under (\S+@\d+\.\d+\.\d+):/.exec(text);
  const state = traceValue(trace, 'result.state');
  const probability = traceValue(trace, 'result.probability');
  const model = traceValue(trace, 'model');
  const found: Finding[] = [];
  if (scored !== null) {
    if (scored[1] !== state) found.push(differs(file, `${what} state`, scored[1]!, state));
    if (scored[2] !== probability) found.push(differs(file, `${what} probability`, scored[2]!, probability));
    if (scored[3] !== model) found.push(differs(file, `${what} model`, scored[3]!, model));
  } else if (unscored !== null) {
    if (unscored[1] !== state) found.push(differs(file, `${what} state`, unscored[1]!, state));
    if (probability !== null) found.push(differs(file, `${what} probability`, '(none)', probability));
  }
  return found;
}

/** The figures of the listing rows, model tables and compare cells of a page, each against the trace it links to. */
function rowFindings(file: string, html: string, traces: TraceIndex): Finding[] {
  const findings: Finding[] = [];
  for (const row of html.matchAll(/<tr\b[^>]*>[\s\S]*?<\/tr>/g)) {
    const text = row[0];
    if (!text.includes('claims/')) continue;
    const cells = [...text.matchAll(/<td\b([^>]*)>([\s\S]*?)<\/td>/g)];
    const outcomes = cells.filter((cell) => CLAIM_LINK.test(cell[2]!) && /data-state="/.test(cell[2]!));
    if (outcomes.length > 0) {
      // A compare page: each cell shows one model's outcome and links to that model's page.
      for (const cell of outcomes) {
        const link = CLAIM_LINK.exec(cell[2]!)!;
        const trace = traces.get(traceAt(link[1]!, link[2] ?? null));
        const label = /data-label="([^"]*)"/.exec(cell[1]!)?.[1] ?? 'outcome';
        const where = `${link[1]!} ${label}`;
        if (trace === undefined) {
          findings.push({ file, field: where, message: 'shows a claim no published trace holds' });
          continue;
        }
        findings.push(...cellState(file, where, cell[2]!, trace));
        const number = /<a class="num-link"[^>]*>([^<]*)</.exec(cell[2]!);
        if (number !== null)
          findings.push(
            ...same(file, `${where} probability`, htmlText(number[1]!), traceValue(trace, 'result.probability')),
          );
      }
      continue;
    }
    const link = CLAIM_LINK.exec(text);
    if (link === null) continue;
    const labelled = new Map(cells.map((cell) => [/data-label="([^"]*)"/.exec(cell[1]!)?.[1] ?? '', cell[2]!]));
    if (!labelled.has('State') && !labelled.has('Probability') && !/^<tr\b[^>]*data-state=/.test(text)) continue;
    const trace = traces.get(traceAt(link[1]!, link[2] ?? null));
    const where = `${link[1]!}${link[2] ? ` under ${link[2]}` : ''}`;
    if (trace === undefined) {
      findings.push({ file, field: where, message: 'shows a claim no published trace holds' });
      continue;
    }
    const attributes = /^<tr\b([^>]*)>/.exec(text)![1]!;
    const attribute = (name: string): string | undefined =>
      new RegExp(`\\bdata-${name}="([^"]*)"`).exec(attributes)?.[1];
    const check = (what: string, shown: string | undefined, path: string): void => {
      if (shown !== undefined) findings.push(...same(file, `${where} ${what}`, shown, traceValue(trace, path)));
    };
    check('row data-state', attribute('state'), 'result.state');
    check('row data-probability', attribute('probability'), 'result.probability');
    check('row data-coverage', attribute('coverage'), 'result.coverage.value');
    const stateCell = labelled.get('State');
    if (stateCell !== undefined) findings.push(...cellState(file, `${where} State`, stateCell, trace));
    const firstNumber = (cell: string | undefined): string | undefined =>
      cell === undefined ? undefined : (/^\s*([0-9][0-9.]*)/.exec(htmlText(cell))?.[1] ?? htmlText(cell));
    const probability = traceValue(trace, 'result.probability');
    if (probability !== null) check('Probability', firstNumber(labelled.get('Probability')), 'result.probability');
    check(
      'Stability',
      labelled.has('Stability') ? htmlText(labelled.get('Stability')!) : undefined,
      'result.stability.level',
    );
    const coverage = labelled.has('Coverage') ? htmlText(labelled.get('Coverage')!) : undefined;
    const counted = coverage === undefined ? null : /^(\d+) of (\d+)/.exec(coverage);
    if (counted !== null) {
      check('Coverage (checks done)', counted[1], 'result.coverage.done');
      check('Coverage (checks declared)', counted[2], 'result.coverage.declared');
    } else check('Coverage', firstNumber(labelled.get('Coverage')), 'result.coverage.value');
    if (probability !== null) check('Gradient', firstNumber(labelled.get('Gradient')), 'result.gradient.value');
  }
  return findings;
}

/** A cell's state badge (its `data-state` and its words) against a trace. */
function cellState(file: string, where: string, cell: string, trace: Record<string, unknown>): Finding[] {
  const badge = /data-state="([^"]*)"[^>]*>([^<]*)</.exec(cell);
  if (badge === null) return [];
  const state = traceValue(trace, 'result.state') ?? '';
  return [
    ...same(file, `${where} data-state`, badge[1]!, state),
    ...(htmlText(badge[2]!).toLowerCase() === idWords(state).toLowerCase()
      ? []
      : [differs(file, `${where} state`, htmlText(badge[2]!), idWords(state))]),
  ];
}

/** A figure shown against the trace's. */
function same(file: string, what: string, shown: string, expected: string | null | undefined): Finding[] {
  // A figure the trace does not have is shown as words (a dash, "no number"), never as digits.
  if (expected == null && !/\d/.test(shown)) return [];
  return shown === expected ? [] : [differs(file, what, shown, expected)];
}

/** Every figure every HTML page of the site shows, against the traces. */
export function pageFindings(files: SiteFiles, traces: TraceIndex): Finding[] {
  const findings: Finding[] = [];
  const decoder = new TextDecoder();
  for (const path of files.list()) {
    if (!path.endsWith('.html')) continue;
    const bytes = files.read(path);
    if (bytes === null) continue;
    const html = decoder.decode(bytes);
    if (!html.includes('claims/') && !html.includes('data-field')) continue;
    const page = claimPageOf(path);
    if (page !== null) {
      const trace = traces.get(traceAt(page.slug, page.model));
      if (trace === undefined)
        findings.push({ file: path, field: null, message: 'a claim page with no trace beside it' });
      else findings.push(...claimPageFindings(path, html, trace));
    }
    findings.push(...rowFindings(path, html, traces));
  }
  return findings;
}
