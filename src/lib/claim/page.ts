/** The claim page as a whole: its title, description, note, paths and published trace. */
import { micromark } from 'micromark';
import type { Trace } from '../../engine/index.ts';
import { claimPath, tracePath } from '../paths.ts';
import { capitalIdWords } from '../render/words.ts';

/**
 * The trace as published in `trace.json`: one line of JSON and a final newline, the same bytes as
 * that trace's line in `score`'s JSON Lines. A machine's document: the page shows it indented, and
 * any JSON viewer indents it; two-space indentation made it 1.6 times as large (43 MiB of a
 * 1,000-claim site).
 */
export function traceJson(trace: Trace): string {
  return `${JSON.stringify(trace)}\n`;
}

/** A statement cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max = 70): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The page's `<title>`: the statement shortened, and the model. */
export function pageTitle(trace: Trace): string {
  return `${shorten(trace.input.statement, 60)} — under ${trace.model}`;
}

/**
 * The page's description: the state (in words, with a capital, as a search result shows it) and
 * probability under the model, or the refusal.
 */
export function pageDescription(trace: Trace): string {
  const { state, probability, reason } = trace.result;
  return probability === null
    ? `${capitalIdWords(state)} under ${trace.model}: ${reason ?? ''}`.trim()
    : `${capitalIdWords(state)}, probability ${probability} under ${trace.model}. The whole working, step by step.`;
}

/** Whether a result carries a probability (refusals carry none). */
export function isScored(trace: Trace): boolean {
  return trace.result.probability !== null;
}

const FORBIDDEN_MARKDOWN = ['htmlFlow', 'htmlText', 'labelStartImage', 'headingAtx', 'setextUnderline'];

/**
 * Renders a claim's note, plain Markdown, to HTML. Raw HTML in the note is escaped (never passed
 * through), dangerous link protocols are dropped, images are not loaded (nothing is fetched from
 * another origin) and headings are not made (the page's own headings keep their order).
 */
export function renderNote(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
    extensions: [{ disable: { null: FORBIDDEN_MARKDOWN } }],
  });
}

/** Where this page, its trace and its default-model twin live. */
export interface ClaimPaths {
  readonly page: string;
  readonly trace: string;
  readonly defaultPage: string;
}

/** The paths of a claim page: `onDefaultRoute` is true for `/claims/<slug>/` itself. */
export function claimPaths(trace: Trace, onDefaultRoute: boolean): ClaimPaths {
  const model = onDefaultRoute ? undefined : trace.model;
  return {
    page: claimPath(trace.claim, model),
    trace: tracePath(trace.claim, model),
    defaultPage: claimPath(trace.claim),
  };
}
