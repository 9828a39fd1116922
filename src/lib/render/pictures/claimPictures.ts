/**
 * The pictures of a claim page as files beside it (`/claims/<slug>/<name>.svg` and `.csv`, and the
 * same under `/claims/<slug>/<model>/`): each SVG drawn by the very function the page draws it
 * with, made standalone (download.ts), and each CSV the figures it draws, as the trace writes them.
 */
import type { Trace } from '../../../engine/index.ts';
import { modelStripSvg } from '../../claim/html/modelStripSvg.ts';
import { everyModelRows } from '../../claim/steps/explainView.ts';
import type { Site } from '../../site/types.ts';
import { allModelsSvg } from './allModelsSvg.ts';
import { pictureCsv, standaloneSvg } from './download.ts';
import { logisticCurveSvg } from './logisticCurveSvg.ts';
import { logOddsWalkSvg } from './logOddsWalkSvg.ts';
import { votesSvg } from './votesSvg.ts';

/** The pictures of a claim page, in the page's order (a refusal's page has only the strip and the votes). */
export const CLAIM_PICTURES = ['every-model', 'walk', 'logistic', 'votes', 'models'] as const;

/** One picture's name, and the start of its files' names. */
export type ClaimPicture = (typeof CLAIM_PICTURES)[number];

/** The two files of a picture. */
export type PictureFormat = 'svg' | 'csv';

/**
 * Whether a claim under a model draws a picture: a refusal's page has no walk or curve (nothing to
 * draw), and its every-model strip stands for the models step's picture.
 */
export function hasPicture(trace: Pick<Trace, 'result'>, name: string): name is ClaimPicture {
  if (!(CLAIM_PICTURES as readonly string[]).includes(name)) return false;
  return trace.result.probability !== null || name === 'every-model' || name === 'votes';
}

/** Every (claim, picture) of a model's pages that has files, as a route's static paths list them. */
export function claimPictureNames(site: Site, slug: string, model: string): ClaimPicture[] {
  const summary = site.summary(slug, model);
  return CLAIM_PICTURES.filter((name) => hasPicture(summary, name));
}

const yes = (b: boolean): string => (b ? 'yes' : 'no');

/**
 * The claim under every released model, one row each, the default first. The strip's files draw
 * each model's state and probability and none of the reasons, so they are read from the traces
 * (the explanation's every-model rows are the same figures, which a unit test checks), and no
 * explanation is worked for a picture: each is worked once, for its page and explain.json.
 */
function everyModel(site: Site, trace: Trace): { svg: string; csv: string } {
  const models = site.models.map((m) => ({ id: m.id, model: m.model }));
  const results = site.models.map(({ id }) => {
    const { state, probability } = site.summary(trace.claim, id).result;
    return { model: id, state, probability, posteriorLogOdds: null, settings: null };
  });
  const rows = everyModelRows(trace, { models: results }, models, site.defaultModel.id);
  const csv = pictureCsv(
    ['model', 'default', 'this_page', 'state', 'probability'],
    rows.map((r) => [r.model, yes(r.isDefault), yes(r.current), r.state, r.probability]),
  );
  return { svg: modelStripSvg(site.model(trace.model).model, rows), csv };
}

/** The log-odds walk: the prior, each link in the walk's order, the posterior. */
function walk(trace: Trace): { svg: string; csv: string } {
  const { prior, sum, links } = trace.working;
  const ordered = links
    .filter((l) => l.kept)
    .flatMap((kept) => [kept, ...links.filter((l) => !l.kept && l.keptLink === kept.id)]);
  const csv = pictureCsv(
    ['part', 'link', 'direction', 'counted', 'weight', 'log_odds', 'probability'],
    [
      ['prior', null, null, null, null, prior?.logOdds ?? null, prior?.probability ?? null],
      ...ordered.map((l) => ['link', l.id, l.direction, yes(l.kept), l.weight, null, null]),
      ['posterior', null, null, null, null, sum?.posteriorLogOdds ?? null, trace.result.probability],
    ],
  );
  return { svg: logOddsWalkSvg({ trace }), csv };
}

/** The logistic curve: each state's lower bound, the claim's point and its re-scores. */
function logistic(site: Site, trace: Trace): { svg: string; csv: string } {
  const { model } = site.model(trace.model);
  const { state, sum, stability } = trace.working;
  const thresholds = state?.thresholds ?? model.states;
  const csv = pictureCsv(
    ['part', 'state', 'scale', 'log_odds', 'probability'],
    [
      ...thresholds.map((t) => ['state-from', t.state, null, null, t.from]),
      ['claim', trace.result.state, null, sum?.posteriorLogOdds ?? null, trace.result.probability],
      ...(stability?.rescores ?? []).map((r) => ['re-score', null, r.scale, r.logOdds, r.probability]),
    ],
  );
  return { svg: logisticCurveSvg({ trace, model }), csv };
}

/** The votes: each vote, the gradient, the consensus thresholds and the evidence probability. */
function votes(site: Site, trace: Trace): { svg: string; csv: string } {
  const { model } = site.model(trace.model);
  const g = trace.working.gradient;
  const csv = pictureCsv(
    ['part', 'voter', 'value', 'weight'],
    [
      ...g.votes.map((v) => ['vote', v.voter, v.value, v.weight]),
      ['gradient', null, g.value, null],
      ['consensus-false-to', null, model.gradient.falseTo, null],
      ['consensus-true-from', null, model.gradient.trueFrom, null],
      ['evidence-probability', null, trace.result.probability, null],
    ],
  );
  return { svg: votesSvg({ trace, model }), csv };
}

/** The claim under every released model on one axis (the models step). */
function models(site: Site, trace: Trace): { svg: string; csv: string } {
  const traces = site.models.map((m) => site.summary(trace.claim, m.id));
  const defaultModel = site.defaultModel.id;
  const csv = pictureCsv(
    ['model', 'default', 'this_page', 'state', 'probability'],
    traces.map((t) => [
      t.model,
      yes(t.model === defaultModel),
      yes(t.model === trace.model),
      t.result.state,
      t.result.probability,
    ]),
  );
  return { svg: allModelsSvg({ traces, current: trace.model, defaultModel }), csv };
}

/**
 * A picture's file for a claim under a model, or null when the claim, model or picture has none
 * (an address a server is asked for is whatever a stranger typed).
 */
export function claimPictureFile(
  site: Site,
  slug: string,
  model: string,
  name: string,
  format: PictureFormat,
): string | null {
  const trace = site.trace(slug, model);
  if (!hasPicture(trace, name)) return null;
  const files =
    name === 'every-model'
      ? everyModel(site, trace)
      : name === 'walk'
        ? walk(trace)
        : name === 'logistic'
          ? logistic(site, trace)
          : name === 'votes'
            ? votes(site, trace)
            : models(site, trace);
  return format === 'csv' ? files.csv : standaloneSvg(files.svg);
}

/** The media type of a picture's file. */
export const PICTURE_TYPES: Record<PictureFormat, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** A route's static paths: every claim's pictures under the default model, or under every model. */
export function pictureStaticPaths(site: Site, everyModel: boolean): { params: Record<string, string> }[] {
  return site.claims.flatMap(({ slug }) =>
    (everyModel ? site.models.map((m) => m.id) : [site.defaultModel.id]).flatMap((model) =>
      claimPictureNames(site, slug, model).map((picture) => ({
        params: everyModel ? { slug, model, picture } : { slug, picture },
      })),
    ),
  );
}

/**
 * A picture route's answer: the file, or on a server (where the address is whatever was asked for)
 * the site's 404 page for an unknown claim, model or picture.
 */
export function pictureResponse(
  site: Site,
  params: { slug?: string; model?: string; picture?: string },
  format: PictureFormat,
  known: (slug: string, model: string) => boolean,
): Response {
  const slug = params.slug!;
  const model = params.model ?? site.defaultModel.id;
  const body = known(slug, model) ? claimPictureFile(site, slug, model, params.picture!, format) : null;
  if (body === null) return new Response(null, { status: 404 });
  return new Response(body, { headers: { 'Content-Type': PICTURE_TYPES[format] } });
}
