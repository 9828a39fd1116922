/**
 * "Cite this" for a claim page: the permalink of the claim under one model (never the default
 * route, whose content changes when the default model does), the model id, its config hash and the
 * build's date, as plain text, CSL-JSON and BibTeX.
 */
import { compactJson } from '../render/compactJson.ts';
import { PUBLISHER_NAME } from './claimReview.ts';

/** What a citation names. */
export interface CitationInput {
  readonly slug: string;
  readonly statement: string;
  readonly model: string;
  readonly configHash: string;
  /** The absolute URL of the claim's page under this model. */
  readonly permalink: string;
  /** The build's date, YYYY-MM-DD: the version of the page being cited. */
  readonly date: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function dateParts(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The citation as one line of plain text. */
export function citationText(c: CitationInput): string {
  const [year, month, day] = dateParts(c.date);
  return `${PUBLISHER_NAME}. “${c.statement}” Scored under model ${c.model} (config hash ${c.configHash}). ${day} ${MONTHS[month - 1]} ${year}. ${c.permalink}`;
}

/** A citation key: letters, digits and `-` only, unique per claim and model. */
export function citationKey(c: CitationInput): string {
  return `claim-ledger-${c.slug}-${c.model}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '');
}

/** One CSL-JSON item (the format of citeproc-js, Zotero and pandoc). */
export interface CslItem {
  readonly id: string;
  readonly type: 'webpage';
  readonly title: string;
  readonly author: readonly [{ readonly literal: string }];
  readonly 'container-title': string;
  readonly URL: string;
  readonly version: string;
  readonly note: string;
  readonly issued: { readonly 'date-parts': readonly [readonly [number, number, number]] };
}

/** The citation as CSL-JSON: an array of one item. */
export function cslItems(c: CitationInput): [CslItem] {
  return [
    {
      id: citationKey(c),
      type: 'webpage',
      title: c.statement,
      author: [{ literal: PUBLISHER_NAME }],
      'container-title': PUBLISHER_NAME,
      URL: c.permalink,
      version: c.model,
      note: `Scored under model ${c.model}, config hash ${c.configHash}`,
      issued: { 'date-parts': [dateParts(c.date)] },
    },
  ];
}

/** The CSL-JSON as text: two-space JSON, a part that fits in 80 characters on one line. */
export function cslJson(c: CitationInput): string {
  return compactJson(cslItems(c), { indent: '  ', maxLength: 80 }) ?? 'null';
}

const BIBTEX_SPECIAL: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '#': '\\#',
  $: '\\$',
  '%': '\\%',
  '&': '\\&',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

/** Text for a braced BibTeX field: LaTeX's special characters escaped, nothing else changed. */
export function bibtexEscape(text: string): string {
  return text.replace(/[\\{}#$%&_~^]/g, (ch) => BIBTEX_SPECIAL[ch]!);
}

/** A URL inside `\url{…}` in a BibTeX field: `%`, `#` and braces escaped, the rest verbatim. */
export function bibtexUrl(url: string): string {
  return url.replace(/[%#{}]/g, (ch) => `\\${ch}`);
}

const BIBTEX_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/**
 * The citation as a BibTeX `@misc` entry. The author is braced twice so that BibTeX takes the
 * organisation's name as one name; the title too, so that styles keep its capitals; the month is
 * BibTeX's own macro (`nov`), unbraced.
 */
export function bibtex(c: CitationInput): string {
  const [year, month] = dateParts(c.date);
  const lines = [
    `  title = {{${bibtexEscape(c.statement)}}},`,
    `  author = {{${bibtexEscape(PUBLISHER_NAME)}}},`,
    `  howpublished = {\\url{${bibtexUrl(c.permalink)}}},`,
    // biblatex reads `url` verbatim; a URL from `new URL` holds no braces to balance.
    `  url = {${c.permalink}},`,
    `  note = {Scored under model ${bibtexEscape(c.model)}, config hash ${bibtexEscape(c.configHash)}},`,
    `  year = {${year}},`,
    `  month = ${BIBTEX_MONTHS[month - 1]},`,
    `  urldate = {${c.date}},`,
  ];
  return `@misc{${citationKey(c)},\n${lines.join('\n')}\n}`;
}
