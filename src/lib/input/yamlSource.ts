/**
 * Reads YAML with positions. Numbers keep the exact digits written in the file (as strings), so
 * that `0.1` is the decimal 0.1 and never the binary float nearest to it; every value's line is
 * remembered so that a problem can name it.
 *
 * A ledger file comes from a stranger, so the reader refuses what could make a small file large or
 * change what the program is: anchors and aliases (`&a`, `*a`: a few hundred bytes of aliases
 * expand to gigabytes, or refer to themselves), nesting deeper than any ledger file needs (the YAML
 * library composes recursively), and control characters, bidirectional ones included (at most 50
 * problems are listed, and how many more there were). Mappings become objects with no
 * prototype, so a key such as `__proto__` or `constructor` is an ordinary key that the schema then
 * calls unknown, never a property the object already had.
 */
import {
  Composer,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  Parser,
  YAMLParseError,
  type CST,
  type Document,
  type Node,
} from 'yaml';
import { fieldName, MAX_PROBLEMS_PER_FILE, moreProblems, type Problem } from './problems.ts';

/** A parsed YAML value: numbers as their source text, mappings as plain objects. */
export type Plain = string | boolean | null | Plain[] | { [key: string]: Plain };

/** A parsed file: its data and the line of every field path in it. */
export interface Parsed {
  readonly file: string;
  readonly data: Plain;
  /** The line of a field, or of its nearest parent that exists. */
  lineOf(path: readonly (string | number)[]): number;
}

/** The deepest nesting of mappings and lists a ledger file may have (a claim needs 3). */
export const MAX_DEPTH = 16;

/** Control characters a ledger file may not hold: all of C0 and C1 but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Bidirectional formatting characters: the embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069). One reorders the text after it on a page, in `<title>`, in a citation and in
 * JSON-LD ("…against (Eastbrook Gazette .(exe.txt"), and the left-to-right and right-to-left marks
 * (U+200E, U+200F, U+061C), which reorder nothing around them, are what right-to-left text needs.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** Names a control character for a message, e.g. `U+0000`. */
function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The problem, if any, with a control character in a text: where it is and which it is. */
export function controlCharacterProblem(file: string, text: string): Problem | null {
  const match = CONTROL.exec(text);
  if (!match) return null;
  const line = text.slice(0, match.index).split('\n').length;
  return {
    file,
    line,
    field: '(file)',
    message: `holds the control character ${codePoint(match[0])}; a ledger file holds text, tabs and line breaks only`,
  };
}

/**
 * The offset at which the YAML's nesting first goes deeper than MAX_DEPTH, or null. It walks the
 * parser's concrete syntax tree (built without recursion) with its own stack.
 */
function tooDeepAt(tokens: readonly CST.Token[]): number | null {
  const stack: { token: CST.Token | undefined; depth: number }[] = tokens.map((token) => ({ token, depth: 0 }));
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!;
    if (token === undefined) continue;
    if (token.type === 'document') {
      stack.push({ token: token.value, depth });
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth + 1 > MAX_DEPTH) return token.offset;
      for (const item of token.items) {
        if ('key' in item) stack.push({ token: item.key ?? undefined, depth: depth + 1 });
        stack.push({ token: item.value, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * The document of a file's syntax tree, composed as the library's `parseDocument` composes it (a
 * second document is an error), from the tokens the depth check already has: the text is lexed and
 * parsed once, not twice.
 */
function composeDocument(tokens: readonly CST.Token[], length: number): Document.Parsed {
  let doc: Document.Parsed | null = null;
  for (const next of new Composer({ prettyErrors: false, uniqueKeys: true }).compose(tokens, true, length)) {
    if (doc === null) {
      doc = next;
    } else {
      const range: [number, number] = [next.range[0], next.range[1]];
      doc.errors.push(
        new YAMLParseError(
          range,
          'MULTIPLE_DOCS',
          'Source contains multiple documents; please use YAML.parseAllDocuments()',
        ),
      );
      break;
    }
  }
  // compose(…, true, …) ends with a document even for an empty text.
  return doc!;
}

/** Parses YAML text; returns problems instead of throwing for malformed or hostile files. */
export function parseYaml(file: string, text: string): { parsed: Parsed | null; problems: Problem[] } {
  const control = controlCharacterProblem(file, text);
  if (control !== null) return { parsed: null, problems: [control] };
  const lineCounter = new LineCounter();
  const tokens = [...new Parser((offset) => lineCounter.addNewLine(offset)).parse(text)];
  const deep = tooDeepAt(tokens);
  if (deep !== null) {
    return {
      parsed: null,
      problems: [
        {
          file,
          line: lineCounter.linePos(deep).line,
          field: '(yaml)',
          message: `nests mappings and lists more than ${MAX_DEPTH} deep, far deeper than a ledger file needs`,
        },
      ],
    };
  }
  const doc = composeDocument(tokens, text.length);
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
  const refuse = (path: (string | number)[], node: Node | null | undefined, message: string): void => {
    problems.push({ file, line: lineAt(node), field: fieldName(path), message });
  };
  const refuseControl = (path: (string | number)[], node: Node, value: string): void => {
    const match = CONTROL.exec(value);
    // An escape such as "\0" in a quoted string writes a control character the text did not hold.
    if (match)
      refuse(
        path,
        node,
        `holds the control character ${codePoint(match[0])} (written as an escape); text holds no control characters but tabs and line breaks`,
      );
    const bidi = BIDI_CONTROL.exec(value);
    if (bidi)
      refuse(
        path,
        node,
        `holds the bidirectional control ${codePoint(bidi[0])}, which would reorder the text around it wherever it is shown; write the text without it`,
      );
  };
  // One problem per anchor, counting its aliases, rather than one per alias of a chain.
  const anchors: { name: string; path: (string | number)[]; node: Node }[] = [];
  const aliasUses = new Map<string, number>();
  const convert = (node: unknown, path: (string | number)[]): Plain => {
    if (isAlias(node)) {
      // Never resolved: expanding aliases is how a small file becomes a large one.
      aliasUses.set(node.source, (aliasUses.get(node.source) ?? 0) + 1);
      return null;
    }
    if ((isScalar(node) || isMap(node) || isSeq(node)) && node.anchor) anchors.push({ name: node.anchor, path, node });
    if (isScalar(node)) {
      remember(path, node);
      const value = node.value;
      if (typeof value === 'number' || typeof value === 'bigint') return (node.source ?? String(value)).trim();
      if (typeof value === 'string') refuseControl(path, node, value);
      if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
      // Any other scalar type (none in YAML 1.2's core schema) is kept as the text that was written.
      return node.source ?? '';
    }
    if (isMap(node)) {
      remember(path, node);
      // No prototype: `__proto__`, `constructor` and the like are keys like any other.
      const out = Object.create(null) as { [key: string]: Plain };
      for (const item of node.items) {
        if (!isPair(item)) continue;
        if (isAlias(item.key)) {
          convert(item.key, path);
          continue;
        }
        const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
        const child = [...path, key];
        remember(child, item.key as Node);
        if (isScalar(item.key)) refuseControl(child, item.key, key);
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
  for (const { name, path, node } of anchors) {
    const uses = aliasUses.get(name) ?? 0;
    const used = uses === 0 ? '' : ` (used by ${uses} alias${uses === 1 ? '' : 'es'} *${name})`;
    refuse(
      path,
      node,
      `carries the anchor &${name}${used}; YAML anchors and aliases are not allowed in ledger files, so write each value out in full`,
    );
  }
  if (problems.length > MAX_PROBLEMS_PER_FILE)
    return {
      parsed: null,
      problems: [
        ...problems.slice(0, MAX_PROBLEMS_PER_FILE),
        moreProblems(file, problems.length - MAX_PROBLEMS_PER_FILE),
      ],
    };
  if (problems.length > 0) return { parsed: null, problems };
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
