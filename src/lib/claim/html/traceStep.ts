import { fieldOf } from '../fields.ts';
import type { ClaimPaths } from '../page.ts';
import type { StepProps } from '../stepLinks.ts';
import { plainCode, readableJson } from '../../render/highlight.ts';
import { escapeAttribute, escapeHtml, fieldHtml } from '../../render/markup.ts';
import { stepHtml } from './frame.ts';

/** What the trace step is given: a step's props and where the page's trace.json lives. */
export interface TraceStepProps extends StepProps {
  readonly paths: ClaimPaths;
}

const HASHES = [
  { label: 'Config hash', path: 'configHash', what: 'the model’s canonical JSON' },
  { label: 'Input hash', path: 'inputHash', what: 'the claim as parsed' },
  { label: 'Code hash', path: 'codeHash', what: 'the engine’s source files' },
] as const;

/**
 * The trace itself: the JSON every figure above was read from, published beside the page. The page
 * shows it whole but plain (one colour, no token spans): highlighted, it was a quarter of a claim
 * page's bytes and half its elements, inside a `<details>` most readers never open.
 */
export function traceStepHtml({ trace, links, paths }: TraceStepProps): string {
  // Shown to be read (readableJson: tab-indented, short parts on one line); the download is the
  // exact file, on one line (traceJson).
  const json = `${readableJson(trace)}\n`;
  const html = plainCode(json);
  const lines = json.split('\n').length - 1;
  const hashes = HASHES.map(
    (h) =>
      `<div>\n<dt>${escapeHtml(h.label)} <span class="muted">(SHA-256 of ${escapeHtml(h.what)})</span></dt>\n<dd>${fieldHtml(fieldOf(trace, h.path), 'code')}</dd>\n</div>\n`,
  ).join('');
  const download = `${trace.claim}--${trace.model}.trace.json`;
  const body =
    `<p>Every figure on this page is read from this trace, and the same inputs under the same model reproduce it byte for byte. Trace format ${fieldHtml(fieldOf(trace, 'traceFormat'))}.</p>\n` +
    `<p><a class="toggle" href="${escapeAttribute(paths.trace)}" download="${escapeAttribute(download)}">Download <code>trace.json</code></a></p>\n` +
    `<dl class="claim-hashes">${hashes}</dl>\n` +
    `<details class="claim-trace">\n<summary>Show the full trace (${String(lines)} lines of JSON)</summary>\n${html}</details>\n`;
  return stepHtml('trace', links, body);
}
