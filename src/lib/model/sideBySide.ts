/**
 * Two models' settings side by side: every declared value as a leaf path, and which of them differ.
 * Pure functions over models; pages only lay the answers out.
 */
import { DECIMAL_PATTERN } from '../../schemas/common.ts';
import { dec, type Model } from '../../engine/index.ts';

/** A model's fields that describe the release rather than declare a number of the calculation. */
export const RELEASE_FIELDS: readonly string[] = ['name', 'version', 'released', 'basedOn', 'summary', 'changes'];

/** One declared value of a model: its path (`relevance.rumour`, `states[1].from`) and value. */
export interface Leaf {
  readonly path: string;
  /** The top-level field the leaf belongs to, e.g. `relevance`. */
  readonly section: string;
  /** The value as written; a list of plain values is one leaf, its items joined by ", ". */
  readonly value: string | null;
  /** The list's items when the leaf is a list of plain values. */
  readonly items?: readonly (string | null)[];
}

/** One row of a side-by-side table: the leaf under each model (`undefined` when not declared there). */
export interface SideBySideRow {
  readonly path: string;
  readonly section: string;
  readonly a: string | null | undefined;
  readonly b: string | null | undefined;
  readonly differs: boolean;
}

type Plain = string | number | boolean | null;
const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Lists every leaf of a model in the order its fields are declared. */
export function leaves(model: Model): Leaf[] {
  const out: Leaf[] = [];
  const walk = (value: unknown, path: string, section: string): void => {
    if (isPlain(value)) {
      out.push({ path, section, value: value === null ? null : String(value) });
    } else if (Array.isArray(value)) {
      if (value.every(isPlain)) {
        const items = value.map((item) => (item === null ? null : String(item)));
        out.push({ path, section, value: items.map((item) => item ?? 'null').join(', '), items });
      } else {
        value.forEach((item, i) => walk(item, `${path}[${i}]`, section));
      }
    } else if (typeof value === 'object' && value !== undefined) {
      for (const [key, child] of Object.entries(value as Record<string, unknown>))
        walk(child, `${path}.${key}`, section);
    }
  };
  for (const [key, value] of Object.entries(model)) walk(value, key, key);
  return out;
}

/** Two plain values are the same when they are equal as text, or both decimals of equal value ("2.0" and "2"). */
function sameValue(a: string | null, b: string | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return DECIMAL_PATTERN.test(a) && DECIMAL_PATTERN.test(b) && dec(a).equals(dec(b));
}

function sameLeaf(a: Leaf | undefined, b: Leaf | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.items || b.items) {
    const x = a.items ?? [a.value];
    const y = b.items ?? [b.value];
    return x.length === y.length && x.every((item, i) => sameValue(item, y[i]!));
  }
  return sameValue(a.value, b.value);
}

/**
 * Every leaf of either model with its value under each, grouped by top-level field in `a`'s order
 * (fields and leaves only `b` declares follow those of `a` within their group).
 */
export function sideBySide(a: Model, b: Model, options: { includeRelease?: boolean } = {}): SideBySideRow[] {
  const keep = (leaf: Leaf): boolean => options.includeRelease === true || !RELEASE_FIELDS.includes(leaf.section);
  const la = leaves(a).filter(keep);
  const lb = leaves(b).filter(keep);
  const byPathA = new Map(la.map((leaf) => [leaf.path, leaf]));
  const byPathB = new Map(lb.map((leaf) => [leaf.path, leaf]));
  const sections = [...new Set([...la, ...lb].map((leaf) => leaf.section))];
  const rows: SideBySideRow[] = [];
  for (const section of sections) {
    const paths = [...new Set([...la, ...lb].filter((leaf) => leaf.section === section).map((leaf) => leaf.path))];
    for (const path of paths) {
      const x = byPathA.get(path);
      const y = byPathB.get(path);
      rows.push({ path, section, a: x?.value, b: y?.value, differs: !sameLeaf(x, y) });
    }
  }
  return rows;
}

/** Every declared value (release fields left out unless asked for) whose value differs between two models. */
export function modelDiff(a: Model, b: Model, options: { includeRelease?: boolean } = {}): SideBySideRow[] {
  return sideBySide(a, b, options).filter((row) => row.differs);
}
