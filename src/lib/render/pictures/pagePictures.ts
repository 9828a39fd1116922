/**
 * The pictures of the model, compare and history pages as files beside each page: each SVG drawn
 * by the very function the page draws it with, made standalone (svgFile.ts), and each CSV the
 * figures it draws, as the model file or the traces write them.
 */
import type { Model } from '../../../engine/index.ts';
import { historyChart } from '../../history/chart.ts';
import { historyChartSvg } from '../../history/chartSvg.ts';
import { claimPairs } from '../../model/claimOutcomes.ts';
import { interpretationRows, stateBands, weightTable } from '../../model/modelView.ts';
import { claimPath } from '../../paths.ts';
import type { Site } from '../../site/types.ts';
import { stateBandsSvg } from './bandsSvg.ts';
import { compareView, type CompareView } from './compare.ts';
import { compareSvg } from './compareSvg.ts';
import { pictureCsv } from './download.ts';
import { standaloneSvg } from './svgFile.ts';
import { factorView } from './factor.ts';
import { lineChartSvg } from './lineChartSvg.ts';
import { voteWeightView } from './voteWeight.ts';
import { PICTURE_TYPES, type PictureFormat } from './pictureTypes.ts';

/** The pictures of a model page, in the page's order. */
export const MODEL_PICTURES = ['states', 'interpretation', 'vote-weight'] as const;

/** One model page picture's name, and the start of its files' names. */
export type ModelPicture = (typeof MODEL_PICTURES)[number];

/** The compare picture's name; the history picture's. */
export const COMPARE_PICTURE = 'compare';
export const HISTORY_PICTURE = 'history';

const yes = (b: boolean): string => (b ? 'yes' : 'no');

/** A picture's two files, the SVG as the page draws it (its figure) and the CSV. */
interface Drawn {
  readonly figure: string;
  readonly csv: string;
}

/** A model page's picture, drawn from the model file alone. */
function modelPicture(model: Model, name: ModelPicture): Drawn {
  if (name === 'states')
    return {
      figure: stateBandsSvg(model),
      csv: pictureCsv(
        ['state', 'from', 'below'],
        stateBands(model).map((b) => [b.state, b.from, b.below]),
      ),
    };
  if (name === 'interpretation')
    return {
      figure: lineChartSvg(factorView(model)),
      csv: pictureCsv(
        ['steps', 'factor', 'floored'],
        interpretationRows(model).map((r) => [r.steps, r.factor, yes(r.floored)]),
      ),
    };
  return {
    figure: lineChartSvg(voteWeightView(model)),
    csv: pictureCsv(
      ['reputation', 'weight', 'floored'],
      weightTable(model).map((r) => [r.reputation, r.weight, yes(r.floored)]),
    ),
  };
}

/** A model page's picture file, or null for a model or picture there is none of. */
export function modelPictureFile(site: Site, id: string, name: string, format: PictureFormat): string | null {
  const loaded = site.models.find((m) => m.id === id);
  if (loaded === undefined || !(MODEL_PICTURES as readonly string[]).includes(name)) return null;
  return fileOf(modelPicture(loaded.model, name as ModelPicture), format);
}

/**
 * Each site's compare pictures, by pair: a pair's picture is drawn for its page, its SVG file and
 * its CSV file, each a pass over every claim (Astro builds each of those routes for every pair
 * before the next), and a picture is small (at most `MAX_DOTS` dots, else its squares).
 */
const pictures = new WeakMap<Site['claims'], Map<string, CompareView>>();

/** The compare picture of models `a` (across) and `b` (up), as the compare page draws it. */
export function siteCompareView(site: Site, a: string, b: string): CompareView {
  let drawn = pictures.get(site.claims);
  if (drawn === undefined) pictures.set(site.claims, (drawn = new Map<string, CompareView>()));
  const key = `${a} ${b}`;
  let view = drawn.get(key);
  if (view === undefined) {
    view = compareView(
      claimPairs(site.claims, (slug, m) => site.summary(slug, m), a, b),
      a,
      b,
      (slug) => claimPath(slug, b),
      { a: site.model(a).model.states, b: site.model(b).model.states },
    );
    drawn.set(key, view);
  }
  return view;
}

/**
 * The compare picture's numbers: a row per claim (each model's state and probability, as its trace
 * writes them) or, where the picture counts claims in squares, a row per square it draws.
 */
function compareCsv(site: Site, view: CompareView, a: string, b: string): string {
  if (view.bins.length > 0)
    return pictureCsv(
      ['model_a', 'a_from', 'a_below', 'model_b', 'b_from', 'b_below', 'claims', 'changing_state'],
      view.bins.map((bin) => [a, ...bin.a, b, ...bin.b, String(bin.count), String(bin.changed)]),
    );
  const pairs = claimPairs(site.claims, (slug, m) => site.summary(slug, m), a, b);
  return pictureCsv(
    ['claim', 'model_a', 'state_a', 'probability_a', 'model_b', 'state_b', 'probability_b', 'changes_state'],
    pairs.map((p) => [
      p.slug,
      a,
      p.a.state,
      p.a.probability,
      b,
      p.b.state,
      p.b.probability,
      yes(p.a.state !== p.b.state),
    ]),
  );
}

/** The compare page's picture file, or null for a pair the site does not compare. */
export function comparePictureFile(site: Site, a: string, b: string, format: PictureFormat): string | null {
  const ids = site.models.map((m) => m.id);
  if (a === b || !ids.includes(a) || !ids.includes(b)) return null;
  const view = siteCompareView(site, a, b);
  return fileOf({ figure: compareSvg(view, a, b, false), csv: compareCsv(site, view, a, b) }, format);
}

/** The history picture of a claim, or null when no revision has a probability (the page draws none). */
function historyView(site: Site, slug: string): NonNullable<ReturnType<typeof historyChart>> | null {
  const today = site.defaultModel;
  return historyChart(site.history(slug).entries, today.id, today.model.states);
}

/** The history picture's numbers: a row per revision, its state and probability under today's default. */
function historyCsv(site: Site, slug: string): string {
  const today = site.defaultModel.id;
  return pictureCsv(
    ['date', 'commit', 'model', 'state', 'probability'],
    site
      .history(slug)
      .entries.map((e) => [
        e.revision.date,
        e.revision.short,
        today,
        e.today.trace?.result.state ?? null,
        e.today.trace?.result.probability ?? null,
      ]),
  );
}

/** The history page's picture file (only the format asked for is made), or null for a claim with no line to draw. */
export function historyPictureFile(site: Site, slug: string, format: PictureFormat): string | null {
  const view = historyView(site, slug);
  if (view === null) return null;
  return format === 'csv' ? historyCsv(site, slug) : standaloneSvg(historyChartSvg(view, true));
}

const fileOf = (drawn: Drawn, format: PictureFormat): string | null =>
  format === 'csv' ? drawn.csv : standaloneSvg(drawn.figure);

/** The routes of a history picture's files: every claim whose history has a line to draw. */
export function historyPicturePaths(site: Site): { params: { slug: string } }[] {
  return site.claims.filter(({ slug }) => historyView(site, slug) !== null).map(({ slug }) => ({ params: { slug } }));
}

/** A picture route's answer: the file, or the site's 404 page when there is none at that address. */
export function pageFileResponse(body: string | null, format: PictureFormat): Response {
  if (body === null) return new Response(null, { status: 404 });
  return new Response(body, { headers: { 'Content-Type': PICTURE_TYPES[format] } });
}
