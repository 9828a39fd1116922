/** `/schemas/model.schema.json`: the JSON Schema of model files, generated from the zod schema. */
import type { APIRoute } from 'astro';
import { modelJsonSchema, schemaJson } from '../../lib/publish/jsonSchema.ts';

/** The schema, with its `$id` on the published site. */
export const GET: APIRoute = ({ site }) =>
  new Response(schemaJson(modelJsonSchema(site!)), { headers: { 'Content-Type': 'application/schema+json' } });
