/**
 * JSON Schemas of claim and model files, generated from the zod schemas (never written by hand),
 * so that an editor completes and checks a file as it is written: the site publishes them at
 * `/schemas/claim.schema.json` and `/schemas/model.schema.json`, and `ledger new claim` points a
 * new file at the first with a `# yaml-language-server: $schema=…` line.
 *
 * Two things are mapped on the way. A decimal is held as a string in the zod schemas (its exact
 * digits), but an editor parses `0.35` in a YAML file as a JSON number: a decimal field accepts a
 * number or a decimal string. And the refinements zod-to-json-schema cannot see (a real date, an
 * http or https URL) are given the pattern of what they accept, so an editor flags the obvious
 * mistakes; `ledger check` remains the judge of the rest (bounds, cross-field rules, levels).
 */
import type { ZodTypeAny, ZodTypeDef } from 'astro/zod';
import { zodToJsonSchema, type JsonSchema7Type } from 'zod-to-json-schema';
import { claimSchema, httpUrl } from '../../schemas/claim.ts';
import { decimal, DECIMAL_PATTERN, isoDate } from '../../schemas/common.ts';
import { modelSchema } from '../../schemas/model.ts';
import { absoluteUrl, schemaPath } from '../paths.ts';

/** A JSON Schema document, as plain JSON. */
export type JsonSchema = { readonly [key: string]: unknown };

type Mutable = Record<string, unknown>;

/** What a YAML date written YYYY-MM-DD looks like (the check also refuses days that do not exist). */
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** What an http or https URL starts with. */
const HTTP_PATTERN = '^[hH][tT][tT][pP][sS]?://';

/** The refinement object a refined zod type keeps in its definition (shared by its `.describe()` copies). */
const effectOf = (type: ZodTypeAny): unknown => (type._def as { effect?: unknown }).effect;
const DATE_EFFECT = effectOf(isoDate);
const URL_EFFECT = effectOf(httpUrl);
const DECIMAL_EFFECT = effectOf(decimal);

/** Rewrites one generated node: decimals to number-or-string, dates and URLs with their pattern. */
function mapNode(schema: Mutable | undefined, def: ZodTypeDef): Mutable | undefined {
  if (schema === undefined) return schema;
  const effect = (def as { effect?: unknown }).effect;
  if (effect !== undefined && effect === DATE_EFFECT) return { ...schema, pattern: DATE_PATTERN };
  if (effect !== undefined && effect === URL_EFFECT) return { ...schema, pattern: HTTP_PATTERN };
  // A review gives its date as `date` or, in a file written before, `on`: one of them, not both.
  const properties = schema['properties'] as Mutable | undefined;
  if (properties !== undefined && 'check' in properties && 'date' in properties && 'on' in properties)
    return {
      ...schema,
      oneOf: ['date', 'on'].map((key) => ({ properties: { [key]: properties[key] }, required: [key] })),
    };
  // A decimal is checked by a refinement (its digits and exponent bounded), which the generator
  // cannot see: it is given the pattern of a decimal string here.
  const isDecimal = effect !== undefined && effect === DECIMAL_EFFECT;
  if (isDecimal || (schema['type'] === 'string' && schema['pattern'] === DECIMAL_PATTERN.source)) {
    const { description, ...rest } = schema;
    const decimalString = { ...rest, type: 'string', pattern: DECIMAL_PATTERN.source };
    return {
      anyOf: [{ type: 'number' }, decimalString],
      ...(description === undefined ? {} : { description }),
    };
  }
  return schema;
}

/** The JSON Schema of one zod schema, with its address, title and description. */
function generate(
  schema: Parameters<typeof zodToJsonSchema>[0],
  kind: 'claim' | 'model',
  title: string,
  description: string,
  site: string | URL,
): JsonSchema {
  const generated = zodToJsonSchema(schema, {
    target: 'jsonSchema7',
    // Every field written out in place, so an editor shows each one's own description.
    $refStrategy: 'none',
    postProcess: (jsonSchema, def) => mapNode(jsonSchema as Mutable | undefined, def) as JsonSchema7Type | undefined,
  }) as Mutable;
  const { $schema, ...rest } = generated;
  return { $schema, $id: absoluteUrl(schemaPath(kind), site), title, description, ...rest };
}

/** The JSON Schema of a claim file, `content/claims/<slug>.yaml`. */
export function claimJsonSchema(site: string | URL): JsonSchema {
  return generate(
    claimSchema,
    'claim',
    'A claim of the claim ledger',
    'One claim file, content/claims/<slug>.yaml: the statement, who recorded it and who made it, its sources, evidence links, reviews and votes. `npm run -s ledger -- check` also checks what a schema cannot (levels the models declare, ids and sources that match).',
    site,
  );
}

/** The JSON Schema of a model file, `models/<name>@<version>.yaml`. */
export function modelJsonSchema(site: string | URL): JsonSchema {
  return generate(
    modelSchema,
    'model',
    'A scoring model of the claim ledger',
    'One released model file, models/<name>@<version>.yaml: every factor, prior, threshold and rounding rule the engine scores claims with. `npm run -s ledger -- check` also checks what a schema cannot (states ascending from 0, priors strictly between 0 and 1).',
    site,
  );
}

/** A JSON Schema as published: two-space JSON with a final newline. */
export const schemaJson = (schema: JsonSchema): string => `${JSON.stringify(schema, null, 2)}\n`;
