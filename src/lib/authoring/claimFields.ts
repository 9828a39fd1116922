/**
 * Every field of a claim file, walked from the claim schema itself (so a field added to the
 * schema appears here without a second list), with the prose `src/content/contribute.yaml` gives it.
 */
import { z, type ZodTypeAny } from 'astro/zod';
import { claimSchema } from '../../schemas/claim.ts';
import { CONTRIBUTE_PROSE } from './contributeProse.ts';

/** One field of a claim file. */
export interface FieldDoc {
  /** The field's path with list items left out: `evidence.relevance`. */
  readonly path: string;
  /** The field as a contributor sees it in a file: `evidence[].relevance`. */
  readonly label: string;
  /** The field's own name: `relevance`. */
  readonly name: string;
  /** The id of its section on `/contribute/`: `field-evidence-relevance`. */
  readonly anchor: string;
  /** The one-line description the schema gives it. */
  readonly description: string;
  readonly required: boolean;
  /** True for a list of entries (sources, evidence, reviews, votes, appearances). */
  readonly list: boolean;
  /** The path of the list it belongs to, or null for a top-level field. */
  readonly parent: string | null;
  /** What to know beyond the one line. */
  readonly prose: string;
  /** A value as it would be written in a file. */
  readonly example: string;
}

const FIELD_PROSE = CONTRIBUTE_PROSE.fields;

/** Peels optional, nullable and refinement wrappers off a schema. */
function unwrap(schema: ZodTypeAny): { inner: ZodTypeAny; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
      optional = true;
      inner = inner.unwrap() as ZodTypeAny;
    } else if (inner instanceof z.ZodEffects) inner = inner.innerType() as ZodTypeAny;
    else return { inner, optional };
  }
}

/** Every field of the claim schema in file order, each list followed by the fields of its entries. */
export function claimFields(schema: z.AnyZodObject = claimSchema): FieldDoc[] {
  const out: FieldDoc[] = [];
  // `within` is how a child's label joins its parent's: `[].` under a list, `.` under an object.
  const walk = (shape: Record<string, ZodTypeAny>, parent: string | null, within = '[].'): void => {
    for (const [name, field] of Object.entries(shape)) {
      const path = parent === null ? name : `${parent}.${name}`;
      const { inner, optional } = unwrap(field);
      const list = inner instanceof z.ZodArray;
      const extra = FIELD_PROSE[path];
      out.push({
        path,
        label: parent === null ? name : `${parent}${within}${name}`,
        name,
        anchor: fieldAnchor(path),
        description: field.description ?? '',
        required: !optional,
        list,
        parent,
        prose: extra?.prose ?? '',
        example: extra?.example ?? '',
      });
      if (list) {
        const entry = unwrap(inner.element as ZodTypeAny).inner;
        if (entry instanceof z.ZodObject) walk(entry.shape as Record<string, ZodTypeAny>, path);
      } else if (inner instanceof z.ZodObject) {
        walk(inner.shape as Record<string, ZodTypeAny>, path, '.');
      }
    }
  };
  walk(schema.shape as Record<string, ZodTypeAny>, null);
  return out;
}

/** The paths that have prose here, for the test that no field is left unexplained. */
export const explainedPaths = (): string[] => Object.keys(FIELD_PROSE);

/** The id of a field's section on `/contribute/`: `evidence.relevance` → `field-evidence-relevance`. */
export const fieldAnchor = (path: string): string => `field-${path.replaceAll('.', '-')}`;

/** The fields grouped as the page shows them: each top-level field with the fields of its entries. */
export function fieldGroups(
  fields: readonly FieldDoc[] = claimFields(),
): { readonly field: FieldDoc; readonly children: readonly FieldDoc[] }[] {
  return fields
    .filter((f) => f.parent === null)
    .map((field) => ({ field, children: fields.filter((f) => f.parent === field.path) }));
}
