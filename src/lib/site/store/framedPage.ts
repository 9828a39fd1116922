/**
 * A claim page on a server, made as a static build's workers make it: the page's frame (its head,
 * header and footer, rendered by Astro once per kind of claim page and kept by the worker process)
 * with the page's values and article filled in (claimFrame.ts). The same bytes as Astro rendering
 * the page, without Astro's layout and components on every request.
 */
import { articleOf } from '../pool/claimTasks.ts';
import { claimFrameParts, cutFrame, fillFrame, type FrameKind } from '../pool/claimFrame.ts';
import { markFrame } from '../pool/frameCapture.ts';
import { getSite } from '../site.ts';

/** The frames this process has rendered, cut at their placeholders. */
const frames = new Map<FrameKind, ReturnType<typeof cutFrame>>();

/** One claim page to fill in: which, under which model, and the site's address. */
export interface FramedClaim {
  readonly slug: string;
  readonly modelId: string;
  /** True for `/claims/<slug>/` (the claim under the default model). */
  readonly onDefaultRoute: boolean;
  readonly siteUrl: URL;
}

/**
 * The claim page's HTML. The first page of each kind asks Astro (`render`, handed `locals`) for
 * the frame: the route renders the frame of the kind marked in `locals` instead of the page. A
 * response other than a 200 (the route's 404) is passed on as it is.
 */
export async function framedClaimPage(
  claim: FramedClaim,
  render: () => Promise<Response>,
  locals: object,
): Promise<string | Response> {
  const kind: FrameKind = claim.onDefaultRoute ? 'default' : 'model';
  let frame = frames.get(kind);
  if (frame === undefined) {
    markFrame(locals, kind);
    const rendered = await render();
    if (rendered.status !== 200) return rendered;
    frame = cutFrame(kind, await rendered.text(), claim.siteUrl);
    frames.set(kind, frame);
  }
  const site = getSite();
  const { slug, modelId, onDefaultRoute, siteUrl } = claim;
  const parts = claimFrameParts(site, slug, modelId, onDefaultRoute, siteUrl);
  return fillFrame(frame, parts, articleOf(site, { slug, modelId, onDefaultRoute, siteUrl }), siteUrl);
}
