/**
 * The pictures (DESIGN §6), with JavaScript off, on one claim page per state, a refusal, a compare
 * page and a model page: every picture has a text alternative stating the trace's own figures,
 * takes its colours from the stylesheet's variables (they change with the colour scheme), fits a
 * 375-pixel phone, and passes axe.
 */
import AxeBuilder from '@axe-core/playwright';
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
        // A refusal shows no probability in any picture of its own, and says why.
        await expect(page.locator('figure.picture').first()).toContainText('No probability');
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

// axe runs in the page's own script context, so this audit runs with JavaScript on; the pictures
// themselves are the same markup either way.
test.describe('axe on the pictures', () => {
  test.use({ javaScriptEnabled: true });
  for (const url of [...claims.map((c) => c.url), ...others]) {
    test(`axe: pictures on ${url}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto(url);
      // The rules that bear on inline SVG; the whole page's audit is axe.spec.ts's.
      const { violations } = await new AxeBuilder({ page })
        .include('figure.picture')
        .withRules(PICTURE_RULES)
        .analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`),
      ).toEqual([]);
    });
  }
});
