/**
 * Reads YAML with positions. Numbers keep the exact digits written in the file (as strings), so
 * that `0.1` is the decimal 0.1 and never the binary float nearest to it; every value's line is
 * remembered so that a problem can name it.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { fieldName, type Problem } from './problems.ts';

/** A parsed YAML value: numbers as their source text, mappings as plain objects. */
export type Plain = string | boolean | null | Plain[] | { [key: string]: Plain };

/** A parsed file: its data and the line of every field path in it. */
export interface Parsed {
  readonly file: string;
  readonly data: Plain;
  /** The line of a field, or of its nearest parent that exists. */
  lineOf(path: readonly (string | number)[]): number;
}

/** Parses YAML text; returns problems instead of throwing for malformed files. */
export function parseYaml(file: string, text: string): { parsed: Parsed | null; problems: Problem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problems: Problem[] = doc.errors.map((error) => ({
    file,
    // With prettyErrors off the parser leaves linePos unset, so the line comes from the offset.
    line: error.linePos?.[0]?.line ?? lineCounter.linePos(error.pos[0]).line,
    field: '(yaml)',
    message: error.message.split('\n')[0] ?? 'malformed YAML',
  }));
  if (problems.length > 0) return { parsed: null, problems };
  const lines = new Map<string, number>();
  const lineAt = (node: Node | null | undefined): number => (node?.range ? lineCounter.linePos(node.range[0]).line : 1);
  // A key's own line wins over the line where its value starts.
  const remember = (path: (string | number)[], node: Node | null | undefined): void => {
    const key = fieldName(path);
    if (!lines.has(key)) lines.set(key, lineAt(node));
  };
  const convert = (node: unknown, path: (string | number)[]): Plain => {
    if (isAlias(node)) return convert(node.resolve(doc), path);
    if (isScalar(node)) {
      remember(path, node);
      const value = node.value;
      if (typeof value === 'number' || typeof value === 'bigint') return (node.source ?? String(value)).trim();
      if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
      // Any other scalar type (none in YAML 1.2's core schema) is kept as the text that was written.
      return node.source ?? '';
    }
    if (isMap(node)) {
      remember(path, node);
      const out: { [key: string]: Plain } = {};
      for (const item of node.items) {
        if (!isPair(item)) continue;
        const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
        const child = [...path, key];
        remember(child, item.key as Node);
        out[key] = item.value === null ? null : convert(item.value, child);
      }
      return out;
    }
    if (isSeq(node)) {
      remember(path, node);
      return node.items.map((item, i) => convert(item, [...path, i]));
    }
    return null;
  };
  const data = doc.contents === null ? null : convert(doc.contents, []);
  return { parsed: { file, data, lineOf: lineLookup(lines) }, problems: [] };
}

/**
 * The line of a field, or of its nearest parent that exists. Made outside `parseYaml` so that the
 * closure keeps only the map of lines alive, not the document's syntax tree beside it (a closure
 * holds every variable of the scope it was made in that any closure there uses).
 */
function lineLookup(lines: ReadonlyMap<string, number>): (path: readonly (string | number)[]) => number {
  return (path) => {
    for (let n = path.length; n >= 0; n--) {
      const line = lines.get(fieldName(path.slice(0, n)));
      if (line !== undefined) return line;
    }
    return 1;
  };
}
