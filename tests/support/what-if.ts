/**
 * Random what-if edits for the browser tests, made twice: as a reader makes them in the panel
 * (Playwright actions on its labelled controls) and, independently of the panel's code, as the
 * edited claim the test runner scores with the Node engine; and the loop that makes them on one
 * claim page and compares, after each, the trace the panel offers with the Node engine's and the
 * pictures it redrew with that trace's figures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createScorer, type Claim, type Model, type Trace } from '../../src/engine/index.ts';
import { loadClaimFile, type Ledger } from '../../src/lib/input/load.ts';
import { generator } from '../../scripts/dev/bench/synthetic.ts';
import { drawEdit, editedClaim, mirrorOf, sharedLevels, type Mirror, type Table } from './what-if-mirror.ts';

/**
 * Makes one random edit (drawEdit) in the panel and in the mirror, and returns what it did, for a
 * failing test's message. A reset with nothing to reset (its button disabled) leaves the panel as it is.
 */
export async function randomEdit(
  page: Page,
  random: () => number,
  claim: Claim,
  mirror: Mirror,
  modelIds: readonly string[],
  levels: Record<Table, string[]>,
  pageModel: string,
): Promise<string> {
  const { edit, words } = drawEdit(random, claim, mirror, modelIds, levels, pageModel);
  const fillIn = async (id: string, value: string): Promise<void> => {
    const input = page.locator(id);
    await input.fill(value);
    await input.press('Tab');
  };
  switch (edit.kind) {
    case 'link':
      await page.locator(`#what-if-link-${edit.index}-on`).setChecked(edit.on);
      break;
    case 'level':
      await page.locator(`#what-if-link-${edit.index}-${edit.table}`).selectOption(edit.level);
      break;
    case 'steps':
      await fillIn(`#what-if-link-${edit.index}-interpretationSteps`, edit.steps);
      break;
    case 'vote':
      await page.locator(`#what-if-vote-${edit.index}-on`).setChecked(edit.kept);
      break;
    case 'vote field':
      await fillIn(`#what-if-vote-${edit.index}-${edit.field}`, edit.value);
      break;
    case 'model':
      await page.locator('#what-if-model').selectOption(edit.model);
      break;
    case 'reset': {
      const reset = page.getByRole('button', { name: 'Reset to the published score' });
      if (await reset.isDisabled()) return 'reset (nothing to reset)';
      await reset.click();
      break;
    }
  }
  return words;
}

/**
 * Downloads a file through one of the panel's links and returns its text. Chromium now and then
 * drops one of many downloads a page starts in quick succession (here 30 in a few seconds; waiting
 * 250 ms before each press made it vanish in 8 runs of 8), so the link is pressed again, as a
 * reader would, when nothing arrives within five seconds.
 */
export async function download(page: Page, name: string): Promise<string> {
  const link = page.getByRole('link', { name });
  for (let press = 1; ; press++) {
    const arrived = page.waitForEvent('download', { timeout: 5_000 });
    await link.click();
    try {
      return readFileSync(await (await arrived).path(), 'utf8');
    } catch (error) {
      if (press === 3) throw error;
    }
  }
}

/**
 * The text one of the panel's download links holds when pressed, read in the page without saving a
 * file: the link is pressed as a reader presses it (its own handler makes the Blob), the download
 * itself is cancelled, and the Blob is read back. download() saves the real file; the
 * random edits use this for most edits and download() for every fifth, so that two hundred edits
 * do not start two hundred downloads.
 */
export function linkedText(page: Page, name: string): Promise<string> {
  return page.getByRole('link', { name }).evaluate(async (link: HTMLAnchorElement) => {
    // The page's content security policy forbids fetch(), so the Blob is caught as it is made.
    const made: Blob[] = [];
    const original = Object.getOwnPropertyDescriptor(URL, 'createObjectURL')!;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource): string => {
      if (blob instanceof Blob) made.push(blob);
      return create(blob);
    };
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    try {
      link.click();
    } finally {
      Object.defineProperty(URL, 'createObjectURL', original);
    }
    if (made.length !== 1 || !link.href.startsWith('blob:')) throw new Error(`the link holds ${link.href}, not a file`);
    return made[0]!.text();
  });
}

/** Opens a claim page's panel: by its button, or by itself when the address holds a what-if. */
export async function openPanel(page: Page, url: string): Promise<void> {
  await page.goto(url);
  if (!url.includes('what-if=')) await page.getByRole('button', { name: 'What if…' }).click();
  await expect(page.locator('.what-if-headline')).toContainText('→');
}

/** What the panel's what-if pictures show, read in the page in one go. */
export interface DrawnPictures {
  /** The marks over the two what-if figures, and their pictures' accessible names (<title>) and descriptions. */
  readonly marks: string[];
  readonly titles: string[];
  readonly descs: string[];
  /** The walk's arrows (one per drawn link) and their labels. */
  readonly arrows: number;
  readonly labels: string[];
  /** The curve's point label, or null; whether the walk shows a refusal instead. */
  readonly point: string | null;
  readonly refusal: boolean;
}

/** Reads the what-if pictures the panel drew last. */
export function drawnPictures(page: Page): Promise<DrawnPictures> {
  return page.evaluate(() => {
    const [walk, curve] = [...document.querySelectorAll('.what-if-pictures .what-if-drawn')];
    const texts = (selector: string): string[] =>
      [...document.querySelectorAll(`.what-if-pictures .what-if-drawn ${selector}`)].map((e) => e.textContent ?? '');
    return {
      marks: texts('.what-if-mark'),
      titles: texts('svg > title'),
      descs: texts('svg > desc'),
      arrows: walk?.querySelectorAll('path.supports, path.opposes, path.dependent').length ?? -1,
      labels: [...(walk?.querySelectorAll('text') ?? [])].map((t) => t.textContent ?? ''),
      point: curve?.querySelector('.pic-point + text')?.textContent ?? null,
      refusal: walk?.querySelector('.picture-refusal') !== null,
    };
  });
}

/**
 * Checks the what-if pictures against a trace worked out in the test runner: the walk ends at its
 * posterior and draws one arrow for each link that counts or is greyed under one that does, and
 * the curve's point sits at its probability; a claim with no probability shows a refusal instead.
 */
export function expectPictures(drawn: DrawnPictures, trace: Trace, context: string): void {
  expect(drawn.marks, context).toEqual(['What-if', 'What-if']);
  const { probability } = trace.result;
  const sum = trace.working.sum;
  if (probability === null || sum === null) {
    expect(drawn.refusal, context).toBe(true);
    expect(drawn.point, context).toBeNull();
    return;
  }
  expect(
    drawn.titles.map((t) => t.split(':')[0]),
    context,
  ).toEqual(['What-if', 'What-if']);
  const links = trace.working.links;
  const kept = new Set(links.filter((l) => l.kept).map((l) => l.id));
  const drawnLinks = links.filter((l) => kept.has(l.id) || (l.keptLink !== null && kept.has(l.keptLink)));
  expect(drawn.arrows, context).toBe(drawnLinks.length);
  expect(drawn.descs[0], context).toContain(
    `ends at the posterior log-odds ${sum.posteriorLogOdds}, probability ${probability},`,
  );
  expect(drawn.point, context).toBe(`${probability} at ${sum.posteriorLogOdds}`);
}

/** One claim page's random edits: the claim, the page and the Node engine's side of the comparison. */
export interface EditRun {
  readonly ledger: Ledger;
  readonly codeHash: string;
  /** A folder for the edited claim files read back. */
  readonly work: string;
  readonly slug: string;
  /** The page's address (its panel opened by the button) and its model. */
  readonly url: string;
  readonly pageModel: string;
  readonly seed: number;
  readonly edits: number;
}

/**
 * Makes `edits` random edits on a claim page's panel; after each, the what-if trace its link offers
 * (read in the page, and saved as a real download every fifth time) is the Node engine's trace of
 * the same edited claim byte for byte and the pictures show its figures; every fifth time, the
 * edited claim file saved and read back scores to the same trace.
 */
export async function checkRandomEdits(page: Page, run: EditRun): Promise<void> {
  const { ledger, slug } = run;
  const claim = ledger.claims.find((c) => c.slug === slug)!.claim;
  const modelOf = (id: string): Model => ledger.models.find((m) => m.id === id)!.model;
  const score = (model: string, edited: Claim): Trace => createScorer(modelOf(model), run.codeHash).score(slug, edited);
  await openPanel(page, run.url);
  const random = generator(run.seed);
  const mirror = mirrorOf(run.pageModel);
  const ids = ledger.models.map((m) => m.id);
  const levels = sharedLevels(ledger.models.map((m) => m.model));
  const done: string[] = [];
  for (let i = 0; i < run.edits; i++) {
    done.push(await randomEdit(page, random, claim, mirror, ids, levels, run.pageModel));
    const trace = score(mirror.model, editedClaim(claim, mirror));
    // As `ledger score` prints it.
    const expected = `${JSON.stringify(trace)}\n`;
    const context = done.join(' · ');
    const saved = i % 5 === 4;
    const offered = saved
      ? await download(page, 'Download this what-if trace')
      : await linkedText(page, 'Download this what-if trace');
    expect(offered, context).toBe(expected);
    expectPictures(await drawnPictures(page), trace, context);
    if (saved) {
      // The edited claim file reads back into the same claim, which `score` turns into the same trace.
      const file = join(run.work, `${slug}.yaml`);
      writeFileSync(file, await download(page, 'Download the edited claim file'));
      const { loaded, problems } = loadClaimFile(file, ledger.models);
      expect(problems).toEqual([]);
      expect(`${JSON.stringify(score(mirror.model, loaded!.claim))}\n`).toBe(expected);
    }
  }
}
