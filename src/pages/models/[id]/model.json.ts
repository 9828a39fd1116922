/**
 * A released model's canonical JSON (RFC 8785, numbers as decimal strings), published beside its
 * page. Its SHA-256 is the `configHash` every trace under the model carries.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { canonicalJson, type Json } from '../../../engine/index.ts';
import { getSite } from '../../../lib/site/site.ts';

export const getStaticPaths = (() => getSite().models.map(({ id }) => ({ params: { id } }))) satisfies GetStaticPaths;

/** The model's canonical JSON, byte for byte what its config hash is taken over. */
export const GET: APIRoute = ({ params }) => {
  const { model } = getSite().model(String(params['id']));
  return new Response(canonicalJson(model as unknown as Json), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
