/**
 * The pictures (docs/design.md §6), with JavaScript off, on one claim page per state, a refusal, a compare
 * page and a model page: every picture has a text alternative stating the trace's own figures,
 * takes its colours from the stylesheet's variables (they change with the colour scheme), fits a
 * 375-pixel phone, and passes axe.
 */
import { axeOn } from '../support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { claimPages, defaultModelId, REFUSALS } from '../support/e2e-site.ts';

test.use({ javaScriptEnabled: false });

/** axe's rules for images, names, roles, ids and contrast: what a picture can get wrong. */
const PICTURE_RULES = [
  'svg-img-alt',
  'role-img-alt',
  'link-name',
  'aria-allowed-role',
  'aria-allowed-attr',
  'aria-valid-attr-value',
  'aria-prohibited-attr',
  'nested-interactive',
  'duplicate-id-aria',
  'color-contrast',
];

/** One default-route claim page per state the built site has, refusals included. */
function samplePages(): { url: string; state: string; probability: string | null }[] {
  const seen = new Map<string, { url: string; state: string; probability: string | null }>();
  for (const p of claimPages()) {
    if (p.urlModel !== null || seen.has(p.trace.result.state)) continue;
    seen.set(p.trace.result.state, {
      url: p.url,
      state: p.trace.result.state,
      probability: p.trace.result.probability,
    });
  }
  return [...seen.values()];
}

const claims = samplePages();
const others = (() => {
  const models = [
    ...new Set(
      claimPages()
        .map((p) => p.urlModel)
        .filter((m): m is string => m !== null),
    ),
  ];
  const d = defaultModelId();
  const other = models.find((m) => m !== d)!;
  return [`/compare/${d}/${other}/`, `/models/${d}/`];
})();

/** Every picture's svg: its accessible text, colours and box. */
async function pictures(page: Page) {
  return page.locator('figure.picture svg').evaluateAll((svgs) =>
    svgs.map((svg) => {
      const title = svg.querySelector(':scope > title')?.textContent ?? '';
      const desc = svg.querySelector(':scope > desc')?.textContent ?? '';
      const marks = [...svg.querySelectorAll('path, circle, rect, text')].map((el) => {
        const s = getComputedStyle(el);
        return `${s.fill}|${s.stroke}`;
      });
      const box = svg.getBoundingClientRect();
      return { role: svg.getAttribute('role'), title, desc, marks, right: box.right, width: box.width };
    }),
  );
}

test('the sample covers every state, a refusal among them', () => {
  expect(claims.some((c) => REFUSALS.includes(c.state))).toBe(true);
  expect(claims.some((c) => !REFUSALS.includes(c.state))).toBe(true);
});

for (const url of [...claims.map((c) => c.url), ...others]) {
  test(`pictures on ${url}: text alternative, both schemes, 375 px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url);
    const light = await pictures(page);
    expect(light.length, 'the page has pictures').toBeGreaterThan(0);
    for (const p of light) {
      expect(['img', 'group']).toContain(p.role);
      expect(p.title.length, 'a title').toBeGreaterThan(0);
      expect(p.desc.length, 'a description').toBeGreaterThan(0);
      expect(p.right, `${p.title} fits 375 px`).toBeLessThanOrEqual(375);
    }
    const claim = claims.find((c) => c.url === url);
    if (claim) {
      const text = light.map((p) => p.desc).join(' ');
      if (claim.probability === null) {
        // A refusal shows no probability in any picture of its own, and says why (the strip of
        // every model at the top is the other models' picture, not the claim's own).
        await expect(page.locator('figure.picture:not(.claim-strip)').first()).toContainText('No probability');
      } else {
        expect(text, 'the pictures state the trace’s probability').toContain(claim.probability);
      }
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await pictures(page);
    const changed = light.flatMap((p, i) => p.marks.filter((m, j) => m !== dark[i]!.marks[j]));
    expect(changed.length, 'colours follow the scheme').toBeGreaterThan(0);
    for (const [i, p] of light.entries()) {
      expect(p.marks.join() === dark[i]!.marks.join(), `${p.title}: some colour changes with the scheme`).toBe(false);
    }
  });
}

/**
 * Every label of every picture, as the browser lays it out: the ones that stick out of their
 * picture, and (in the log-odds walk) the ones that cross an arrow. Measured in the real font.
 */
async function labelFaults(page: Page): Promise<string[]> {
  return page.locator('figure.picture svg').evaluateAll((svgs) =>
    svgs.flatMap((svg) => {
      const box = svg.getBoundingClientRect();
      const name = svg.querySelector(':scope > title')?.textContent ?? '';
      const arrows = [...svg.querySelectorAll('path.supports, path.opposes, path.dependent')].map((a) =>
        a.getBoundingClientRect(),
      );
      return [...svg.querySelectorAll('text')].flatMap((t) => {
        const r = t.getBoundingClientRect();
        const faults: string[] = [];
        if (
          r.left < box.left - 0.5 ||
          r.right > box.right + 0.5 ||
          r.top < box.top - 0.5 ||
          r.bottom > box.bottom + 0.5
        ) {
          faults.push(`${name}: "${t.textContent}" sticks out of the picture`);
        }
        const crossing = arrows.some(
          (a) =>
            r.left < a.right &&
            a.left < r.right &&
            r.top + r.height * 0.25 < a.bottom &&
            a.top < r.bottom - r.height * 0.25,
        );
        if (crossing) faults.push(`${name}: "${t.textContent}" crosses an arrow`);
        return faults;
      });
    }),
  );
}

test('every label of every picture stays inside it and off the arrows, on every claim page', async ({ page }) => {
  test.setTimeout(300_000);
  // Every claim's default page, and every model's page of each claim with a dependent link (whose
  // labels are the longest and the likeliest to find no room beside their arrows).
  const dependent = (p: { raw: unknown }) =>
    (p.raw as { working: { links: { kept: boolean }[] } }).working.links.some((l) => !l.kept);
  const pages = claimPages().filter((p) => p.urlModel === null || dependent(p));
  expect(pages.some(dependent), 'the sample holds dependent links').toBe(true);
  const urls = [...pages.map((p) => p.url), ...others];
  const faults: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    faults.push(...(await labelFaults(page)).map((f) => `${url} ${f}`));
  }
  expect(faults).toEqual([]);
});

// axe runs in the page's own script context, so this audit runs with JavaScript on; the pictures
// themselves are the same markup either way. The claim pages of this sample (one default-route page
// per state) get axe's every rule at 375 px in reader.spec.ts, the default model's page at 1,280 and
// 768 px in axe.spec.ts; the comparison of two models is audited here.
test.describe('axe on the pictures', () => {
  test.use({ javaScriptEnabled: true });
  for (const url of others.filter((u) => u.startsWith('/compare/'))) {
    test(`axe: pictures on ${url}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto(url);
      // The rules that bear on inline SVG; the whole page's audit is axe.spec.ts's.
      const { violations } = await axeOn(page).include('figure.picture').withRules(PICTURE_RULES).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`),
      ).toEqual([]);
    });
  }
});
