import { describe, expect, it } from 'vitest';
import { renderedOnce } from '../../../src/lib/site/sharedHtml.ts';

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

  it('renders once for twins rendered at the same time, and keeps nothing for later', async () => {
    const site = {};
    let renders = 0;
    let finish: (html: string) => void = () => undefined;
    const slow = () => new Promise<string>((resolve) => (finish = () => resolve(`<p>render ${++renders}</p>`)));
    const first = renderedOnce(site, 'a-claim', slow);
    const twin = renderedOnce(site, 'a-claim', slow);
    finish('');
    expect(await first).toBe('<p>render 1</p>');
    expect(await twin).toBe('<p>render 1</p>');
    // Had the twin rendered again, its copy would wait here for a page that never comes.
    expect(await renderedOnce(site, 'a-claim', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('keeps nothing of a render that failed', async () => {
    const site = {};
    await expect(renderedOnce(site, 'a-claim', () => Promise.reject(new Error('bad formula')))).rejects.toThrow(
      'bad formula',
    );
    expect(await renderedOnce(site, 'a-claim', () => Promise.resolve('fresh'))).toBe('fresh');
  });
});
