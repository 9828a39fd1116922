/**
 * One figure read from the trace, as HTML. Its `data-field` is the figure's dotted path in
 * `trace.json` and its text is exactly the trace's value, so a test can compare the page with the
 * trace. A null value gives nothing at all.
 *
 * A plain function rather than a component: a claim page shows some 150 figures, and thousands of
 * pages are built.
 */
import type { Field } from './claimView.ts';

export type FieldTag = 'span' | 'code' | 'strong' | 'q' | 'time' | 'em';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** `<tag class data-field>text</tag>` for a figure, or the empty string for null. */
export function fieldHtml(f: Field | null, as: FieldTag = 'span', className?: string): string {
  if (f === null) return '';
  const cls = className === undefined ? '' : ` class="${escapeHtml(className)}"`;
  const datetime = as === 'time' ? ` datetime="${escapeHtml(f.text)}"` : '';
  return `<${as}${cls}${datetime} data-field="${escapeHtml(f.path)}">${escapeHtml(f.text)}</${as}>`;
}
