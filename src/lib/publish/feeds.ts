/**
 * Atom feeds (RFC 4287) of model releases and of claims recorded or changed. Pure functions of the
 * site's data: every timestamp comes from a date in the content (a model's `released`, a claim's
 * `recorded` or its latest review), never from the clock, so two builds write the same bytes.
 */
import { byCodeUnit } from '../../engine/order.ts';
import type { Claim, Model } from '../../engine/index.ts';
import { reviewDate } from '../../engine/index.ts';
import type { TraceSummary } from '../site/records.ts';
import { PUBLISHER_NAME } from './claimReview.ts';
import {
  absoluteUrl,
  claimPath,
  claimsFeedPath,
  homePath,
  modelJsonPath,
  modelPath,
  modelsFeedPath,
  modelsPath,
} from '../paths.ts';

/** The Atom namespace. */
export const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** A link of a feed or an entry. */
export interface AtomLink {
  readonly href: string;
  readonly rel: 'self' | 'alternate' | 'related';
  readonly type: string;
}

/** One entry of a feed. */
export interface AtomEntry {
  readonly id: string;
  readonly title: string;
  /** RFC 3339 date-time. */
  readonly updated: string;
  /** RFC 3339 date-time, when the entry first appeared. */
  readonly published: string;
  readonly author: string;
  readonly summary: string;
  /** Plain text, shown by readers that show more than the summary. */
  readonly content: string;
  readonly links: readonly AtomLink[];
  readonly category: string | null;
}

/** A whole feed. */
export interface AtomFeed {
  readonly id: string;
  readonly title: string;
  readonly subtitle: string;
  readonly updated: string;
  readonly author: { readonly name: string; readonly uri: string };
  readonly links: readonly AtomLink[];
  readonly entries: readonly AtomEntry[];
}

/** A calendar date (YYYY-MM-DD) as an RFC 3339 date-time at midnight UTC. */
export function dateTime(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return `${date}T00:00:00Z`;
}

// Characters XML 1.0 does not allow at all (they cannot even be escaped).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for XML element content or a double-quoted attribute. */
export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const link = (l: AtomLink, indent: string): string =>
  `${indent}<link rel="${l.rel}" type="${xmlEscape(l.type)}" href="${xmlEscape(l.href)}"/>`;

/** The feed as an XML document (UTF-8, two-space indented, final newline). */
export function atomXml(feed: AtomFeed): string {
  const e = xmlEscape;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="${ATOM_NS}" xml:lang="en">`,
    `  <id>${e(feed.id)}</id>`,
    `  <title type="text">${e(feed.title)}</title>`,
    `  <subtitle type="text">${e(feed.subtitle)}</subtitle>`,
    `  <updated>${e(feed.updated)}</updated>`,
    `  <author><name>${e(feed.author.name)}</name><uri>${e(feed.author.uri)}</uri></author>`,
    ...feed.links.map((l) => link(l, '  ')),
    ...feed.entries.flatMap((entry) => [
      '  <entry>',
      `    <id>${e(entry.id)}</id>`,
      `    <title type="text">${e(entry.title)}</title>`,
      `    <updated>${e(entry.updated)}</updated>`,
      `    <published>${e(entry.published)}</published>`,
      `    <author><name>${e(entry.author)}</name></author>`,
      ...entry.links.map((l) => link(l, '    ')),
      ...(entry.category === null ? [] : [`    <category term="${e(entry.category)}"/>`]),
      `    <summary type="text">${e(entry.summary)}</summary>`,
      `    <content type="text">${e(entry.content)}</content>`,
      '  </entry>',
    ]),
    '</feed>',
  ];
  return `${lines.join('\n')}\n`;
}

/** The latest of some RFC 3339 timestamps written the same way, or `fallback` when there are none. */
const latest = (stamps: readonly string[], fallback: string): string =>
  stamps.reduce((a, b) => (b > a ? b : a), stamps[0] ?? fallback);

const html = 'text/html';
const atom = 'application/atom+xml';

/** A feed's frame: its id and self link, the page it stands for, and the newest entry's date. */
function feedOf(options: {
  path: string;
  alternate: string;
  title: string;
  subtitle: string;
  entries: AtomFeed['entries'];
  site: string;
  buildDate: string;
}): AtomFeed {
  const { path, alternate, title, subtitle, entries, site, buildDate } = options;
  const self = absoluteUrl(path, site);
  return {
    id: self,
    title,
    subtitle,
    updated: latest(
      entries.map((e) => e.updated),
      dateTime(buildDate),
    ),
    author: { name: PUBLISHER_NAME, uri: absoluteUrl(homePath(), site) },
    links: [
      { rel: 'self', type: atom, href: self },
      { rel: 'alternate', type: html, href: absoluteUrl(alternate, site) },
    ],
    entries,
  };
}

/** A released model as the models feed needs it. */
export interface FeedModel {
  readonly id: string;
  readonly model: Model;
}

/** The feed of released models, newest release first; `site` is the site's address. */
export function modelsFeed(
  models: readonly FeedModel[],
  defaultModel: string,
  site: string,
  buildDate: string,
): AtomFeed {
  const entries = [...models]
    .sort((a, b) => byCodeUnit(b.model.released, a.model.released) || byCodeUnit(a.id, b.id))
    .map(({ id, model }): AtomEntry => {
      const url = absoluteUrl(modelPath(id), site);
      const based = model.basedOn === null ? 'A new line of models.' : `Based on ${model.basedOn}.`;
      const changes =
        model.changes.length === 0 ? '' : `\n\nWhat changed:\n${model.changes.map((c) => `- ${c}`).join('\n')}`;
      return {
        id: url,
        title: `Model ${id} released${id === defaultModel ? ' (the default model)' : ''}`,
        updated: dateTime(model.released),
        published: dateTime(model.released),
        author: PUBLISHER_NAME,
        summary: model.summary,
        content: `${model.summary}\n\n${based}${changes}`,
        links: [
          { rel: 'alternate', type: html, href: url },
          { rel: 'related', type: 'application/json', href: absoluteUrl(modelJsonPath(id), site) },
        ],
        category: model.name,
      };
    });
  return feedOf({
    path: modelsFeedPath(),
    alternate: modelsPath(),
    title: 'The claim ledger: model releases',
    subtitle: 'Every released scoring model of the claim ledger: what it declares and what it changed.',
    entries,
    site,
    buildDate,
  });
}

/** A claim as the claims feed needs it: its inputs and its trace under the default model. */
export interface FeedClaim {
  readonly slug: string;
  readonly claim: Claim;
  readonly trace: TraceSummary;
}

/** When a claim last changed: its `recorded` date, or its latest review's date if that is later. */
export function claimUpdated(claim: Claim): string {
  return latest([claim.recorded, ...claim.reviews.map(reviewDate)], claim.recorded);
}

/** Text ending as a sentence does: a full stop added unless it already ends with one (or `!`, `?`). */
export function asSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** One line on a claim's result: its state and probability, or the refusal and its reason. */
export function resultSummary(trace: TraceSummary): string {
  const { state, probability, reason } = trace.result;
  return probability === null
    ? asSentence(`${state} under ${trace.model}: ${reason ?? 'no probability'}`)
    : `${state}, probability ${probability} under ${trace.model}.`;
}

/** The feed of claims, most recently recorded or reviewed first; `site` is the site's address. */
export function claimsFeed(claims: readonly FeedClaim[], site: string, buildDate: string): AtomFeed {
  const entries = claims
    .map(({ slug, claim, trace }): AtomEntry => {
      const url = absoluteUrl(claimPath(slug), site);
      const reviewed =
        claim.reviews.length === 0
          ? 'Not reviewed yet.'
          : `Reviews: ${claim.reviews.map((r) => `${r.check} by ${r.by} on ${reviewDate(r)}`).join('; ')}.`;
      return {
        id: url,
        title: claim.statement,
        updated: dateTime(claimUpdated(claim)),
        published: dateTime(claim.recorded),
        author: claim.author,
        summary: resultSummary(trace),
        content: `${claim.statement}\n\n${resultSummary(trace)} Recorded ${claim.recorded} by ${claim.author}, with ${claim.evidence.length} evidence ${claim.evidence.length === 1 ? 'link' : 'links'}. ${reviewed}`,
        links: [{ rel: 'alternate', type: html, href: url }],
        category: claim.type,
      };
    })
    .sort((a, b) => byCodeUnit(b.updated, a.updated) || byCodeUnit(a.id, b.id));
  return feedOf({
    path: claimsFeedPath(),
    alternate: homePath(),
    title: 'The claim ledger: claims',
    subtitle: 'Claims as they are recorded or reviewed, with their state and probability under the default model.',
    entries,
    site,
    buildDate,
  });
}
