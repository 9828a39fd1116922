import { describe, expect, it } from 'vitest';
import { renderedOnce } from '../../../src/lib/sharedHtml.ts';

describe('renderedOnce', () => {
  it('renders for the first page and hands the same HTML to its twin, then renders afresh', async () => {
    const site = {};
    let renders = 0;
    const render = () => Promise.resolve(`<p>render ${++renders}</p>`);
    expect(await renderedOnce(site, 'a-claim', render)).toBe('<p>render 1</p>');
    expect(await renderedOnce(site, 'a-claim', render)).toBe('<p>render 1</p>');
    expect(renders).toBe(1);
    // A third page with the same key (a dev server rendering it again) gets a fresh rendering.
    expect(await renderedOnce(site, 'a-claim', render)).toBe('<p>render 2</p>');
  });

  it('never hands HTML across keys or across loaded sites', async () => {
    const before = {};
    const after = {};
    await renderedOnce(before, 'a-claim', () => Promise.resolve('old content'));
    expect(await renderedOnce(after, 'a-claim', () => Promise.resolve('new content'))).toBe('new content');
    expect(await renderedOnce(before, 'another-claim', () => Promise.resolve('other'))).toBe('other');
  });
});
