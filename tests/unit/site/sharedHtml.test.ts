import { describe, expect, it } from 'vitest';
import { sharedOnce } from '../../../src/lib/site/sharedHtml.ts';

describe('sharedOnce', () => {
  it('writes for the first page and hands the same HTML to its twin, then writes afresh', () => {
    const site = {};
    let writes = 0;
    const write = () => `<p>write ${++writes}</p>`;
    expect(sharedOnce(site, 'a-claim', write)).toBe('<p>write 1</p>');
    expect(sharedOnce(site, 'a-claim', write)).toBe('<p>write 1</p>');
    expect(writes).toBe(1);
    // A third page with the same key (a dev server rendering it again) gets a fresh writing.
    expect(sharedOnce(site, 'a-claim', write)).toBe('<p>write 2</p>');
  });

  it('never hands HTML across keys or across loaded sites', () => {
    const before = {};
    const after = {};
    sharedOnce(before, 'a-claim', () => 'old content');
    expect(sharedOnce(after, 'a-claim', () => 'new content')).toBe('new content');
    expect(sharedOnce(before, 'another-claim', () => 'other')).toBe('other');
  });

  it('keeps nothing of a writing that failed', () => {
    const site = {};
    expect(() =>
      sharedOnce(site, 'a-claim', () => {
        throw new Error('bad formula');
      }),
    ).toThrow('bad formula');
    expect(sharedOnce(site, 'a-claim', () => 'fresh')).toBe('fresh');
  });
});
