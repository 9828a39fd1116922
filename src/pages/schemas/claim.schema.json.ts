/** `/schemas/claim.schema.json`: the JSON Schema of claim files, generated from the zod schema. */
import type { APIRoute } from 'astro';
import { claimJsonSchema, schemaJson } from '../../lib/publish/jsonSchema.ts';

/** The schema, with its `$id` on the published site. */
export const GET: APIRoute = ({ site }) =>
  new Response(schemaJson(claimJsonSchema(site!)), { headers: { 'Content-Type': 'application/schema+json' } });
