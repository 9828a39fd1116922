import { placeholderSite } from '../../site/build/publishing.ts';
import { bibtex, citationText, cslJson, type CitationInput } from '../../publish/citation.ts';
import { absoluteUrl, claimPath } from '../../paths.ts';
import { escapeAttribute, escapeCode, escapeHtml } from '../../render/markup.ts';
import { pageSteps, pinnedStepPath, stepHref, type StepProps } from '../stepLinks.ts';
import { stepHtml } from './frame.ts';

/** One citation format: its figure's id, its caption and the text to copy. */
interface CitationFormat {
  readonly id: string;
  readonly label: string;
  readonly text: string;
}

/** A format's figure; the text is escaped as it was built: no whitespace may enter a `<pre>`. */
function formatHtml(f: CitationFormat): string {
  return `<figure class="cite-format" id="${escapeAttribute(f.id)}">\n<figcaption>${escapeHtml(f.label)}</figcaption>\n<pre class="cite-code">${escapeCode(f.text)}</pre>\n</figure>\n`;
}

/**
 * "Cite this": the claim under this model's permalink, model id, config hash and the build's date,
 * as plain text, CSL-JSON and BibTeX, each ready to copy. `site` is the site's public address
 * (Astro's `site`), which the permalinks are built from; `buildDate` the build's date.
 */
export function citeThisHtml({ trace, links }: StepProps, site: string | URL, buildDate: string): string {
  const citation: CitationInput = {
    slug: trace.claim,
    statement: trace.input.statement,
    model: trace.model,
    configHash: trace.configHash,
    permalink: absoluteUrl(claimPath(trace.claim, trace.model), site),
    date: buildDate,
  };
  const plain: CitationFormat = { id: 'cite-text', label: 'Plain text', text: citationText(citation) };
  const machine: CitationFormat[] = [
    { id: 'cite-csl', label: 'CSL-JSON (Zotero, pandoc, citeproc)', text: cslJson(citation) },
    { id: 'cite-bibtex', label: 'BibTeX', text: bibtex(citation) },
  ];
  // One step cited for good: its address under this page's model, whose numbers never change. The
  // link goes where the step's own link goes (stepHref): the same pinned step, written as a bare
  // `#step` on a page that is already pinned.
  const steps = pageSteps(trace.result.probability !== null)
    .filter((s) => s.id !== 'cite')
    .map((s) => {
      const href = stepHref(links, s.id);
      const address = absoluteUrl(pinnedStepPath(trace, s.id), site);
      return `<li id="${escapeAttribute(`cite-step-${s.id}`)}">${escapeHtml(s.title)}: <a href="${escapeAttribute(href)}">${escapeHtml(address)}</a></li>\n`;
    })
    .join('');
  // A local build names no public address: say so, in one line, before any address is copied.
  const placeholder = placeholderSite(String(site))
    ? `<p class="notice cite-placeholder">This copy of the site was built without its public address: the addresses below are placeholders (<code>${escapeHtml(new URL(String(site)).origin)}</code>) and lead nowhere.</p>\n`
    : '';
  const body =
    placeholder +
    "<p>The permalink names the model, so it keeps pointing at this working even when the site's default model changes. The config hash pins the model's exact rules; the date is this build's.</p>\n" +
    '<dl class="cite-facts">' +
    `<div>\n<dt>Permalink:</dt>\n<dd><a href="${escapeAttribute(claimPath(trace.claim, trace.model))}">${escapeHtml(citation.permalink)}</a></dd>\n</div>\n` +
    `<div>\n<dt>Model:</dt>\n<dd><code>${escapeHtml(citation.model)}</code></dd>\n</div>\n` +
    `<div>\n<dt>Config hash:</dt>\n<dd><code>${escapeHtml(citation.configHash)}</code></dd>\n</div>\n` +
    `<div>\n<dt>Date:</dt>\n<dd><time datetime="${escapeAttribute(citation.date)}">${escapeHtml(citation.date)}</time></dd>\n</div>\n` +
    '</dl>\n' +
    formatHtml(plain) +
    `<details class="cite-more">\n<summary>CSL-JSON and BibTeX, for a citation manager</summary>\n${machine.map(formatHtml).join('')}</details>\n` +
    '<details class="cite-steps" id="cite-steps">\n<summary>Cite one step</summary>\n' +
    `<p>Each step’s own address under <code>${escapeHtml(trace.model)}</code>; cite the step a point rests on.</p>\n` +
    `<ul>${steps}</ul>\n` +
    '</details>\n';
  return stepHtml('cite', links, body, { className: 'cite-this' });
}
