/**
 * Values read from a trace, each with the dotted path it was read from, so that a page's
 * `data-field` attributes can be checked against the published trace.
 */
import type { Trace } from '../../engine/index.ts';

/** A value read from a trace, with the dotted path (array indices as numbers) it was read from. */
export interface Field {
  readonly path: string;
  readonly text: string;
}

/**
 * Reads the value at a dotted path of a trace. A null value gives null (nothing to show); a path
 * that does not exist, or that names an object, is a bug on the page and stops the build.
 */
export function fieldAt(trace: Trace, path: string): Field | null {
  let value: unknown = trace;
  // Key by key along the path, without splitting it into a new array: a page reads hundreds.
  for (let start = 0; ;) {
    const dot = path.indexOf('.', start);
    const key = path.slice(start, dot < 0 ? path.length : dot);
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) {
      throw new Error(`trace of ${trace.claim} under ${trace.model} has no field ${path}`);
    }
    value = (value as Record<string, unknown>)[key];
    if (dot < 0) break;
    start = dot + 1;
  }
  if (value === null) return null;
  if (typeof value === 'string') return { path, text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { path, text: String(value) };
  throw new Error(`field ${path} of a trace is not a single value`);
}

/** Like `fieldAt`, for a field the trace always has. */
export function fieldOf(trace: Trace, path: string): Field {
  const field = fieldAt(trace, path);
  if (field === null) throw new Error(`field ${path} of the trace of ${trace.claim} is null`);
  return field;
}
