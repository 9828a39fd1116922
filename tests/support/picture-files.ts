/**
 * What the browser tests of a picture's files share: download a file through its link (with
 * JavaScript off), parse a CSV with papaparse, and check that an SVG is a picture on its own
 * (parsed by the browser as an SVG document, its title first, its colours inlined).
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, type Page } from '@playwright/test';

/**
 * Downloads a file through the link named `name` and returns its name and text. Chromium now and
 * then drops one of many downloads started in quick succession, so the link is pressed again, as a
 * reader would, when nothing arrives within five seconds.
 */
export async function download(page: Page, name: string): Promise<{ file: string; text: string }> {
  const link = page.getByRole('link', { name, exact: true });
  for (let press = 1; ; press++) {
    const arrived = page.waitForEvent('download', { timeout: 5_000 });
    await link.click();
    try {
      const got = await arrived;
      return { file: got.suggestedFilename(), text: readFileSync(await got.path(), 'utf8') };
    } catch (error) {
      if (press === 3) throw error;
    }
  }
}

/** The rows of a CSV as records by its header, parsed by papaparse. */
export function csvRows(text: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors, 'the CSV parses').toEqual([]);
  return parsed.data;
}

/** Parses an SVG file in the browser on its own (as an image/svg+xml document) and reads what a viewer needs. */
async function svgFacts(page: Page, text: string) {
  return page.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      name: root.localName,
      namespace: root.namespaceURI,
      firstChild: root.firstElementChild?.localName ?? null,
      title: root.querySelector('title')?.textContent ?? '',
      style: root.querySelector('style')?.textContent ?? '',
      texts: root.querySelectorAll('text').length,
    };
  }, text);
}

/** Checks a downloaded SVG is a standalone picture with its own title and colours. */
export async function expectStandalone(page: Page, text: string, what: string): Promise<void> {
  expect(text.startsWith('<?xml'), `${what}: an XML declaration first`).toBe(true);
  const facts = await svgFacts(page, text);
  expect(facts.error, `${what}: parses as SVG on its own`).toBe(false);
  expect(facts.name).toBe('svg');
  expect(facts.namespace, `${what}: in the SVG namespace`).toBe('http://www.w3.org/2000/svg');
  expect(facts.firstChild, `${what}: its title comes first`).toBe('title');
  expect(facts.title.length).toBeGreaterThan(0);
  expect(facts.style, `${what}: its colours inlined, not the page's variables`).toMatch(/#[0-9a-f]{6}/);
  expect(facts.style).not.toContain('var(');
  expect(facts.texts).toBeGreaterThan(0);
}
