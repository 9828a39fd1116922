/**
 * The panel's script draws the pictures with the page renderer's functions, yet carries neither
 * the formulas' code (KaTeX) those modules reach nor anything that reads Node's environment; and
 * it runs in a page with no `process` (a browser's), drawing both pictures of a claim.
 */
import { Script, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleScript } from '../../../src/lib/whatif/bundle.ts';

describe("the what-if panel's script", () => {
  it('leaves out KaTeX and process.env, keeps both drawing functions', async () => {
    const script = await bundleScript(process.cwd(), 'panel.js', false);
    expect(script).not.toContain('KaTeX parse error');
    expect(script).not.toMatch(/\bprocess\.env\b/);
    expect(script).toContain('function logOddsWalkSvg(');
    expect(script).toContain('function logisticCurveSvg(');
  });

  it('runs its top level with no process and no claim page', async () => {
    const script = await bundleScript(process.cwd(), 'panel.js');
    // A document with no what-if section: the script sets nothing up and throws nothing.
    const document = { currentScript: null, baseURI: 'http://localhost/', querySelector: () => null };
    const context = createContext({ document, window: {} });
    expect(() => {
      new Script(script).runInContext(context);
    }).not.toThrow();
  });
});
