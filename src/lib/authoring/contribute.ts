/**
 * What a contributor needs to know about a claim file, in one place: every field of the claim
 * schema with its one-line description (read from the schema itself), a longer explanation and an
 * example; what each level of the default model means; and where `/contribute/` explains the field
 * a `check` problem names. The `/contribute/` page, the `ledger new claim` template and the help
 * line under each problem all read from here, so they cannot drift apart.
 */
import { z, type ZodTypeAny } from 'astro/zod';
import type { Claim, Model } from '../../engine/index.ts';
import { claimSchema } from '../../schemas/claim.ts';
import { linkAnchor } from '../claim/claimView.ts';
import { absoluteUrl, claimPath, contributePath, DEFAULT_SITE_ORIGIN, siteOrigin, withAnchor } from '../paths.ts';
import type { Problem } from '../input/problems.ts';

/** One field of a claim file. */
export interface FieldDoc {
  /** The field's path with list items left out: `evidence.relevance`. */
  readonly path: string;
  /** The field as a contributor sees it in a file: `evidence[].relevance`. */
  readonly label: string;
  /** The field's own name: `relevance`. */
  readonly name: string;
  /** The id of its section on `/contribute/`: `field-evidence-relevance`. */
  readonly anchor: string;
  /** The one-line description the schema gives it. */
  readonly description: string;
  readonly required: boolean;
  /** True for a list of entries (sources, evidence, reviews, votes, appearances). */
  readonly list: boolean;
  /** The path of the list it belongs to, or null for a top-level field. */
  readonly parent: string | null;
  /** What to know beyond the one line. */
  readonly prose: string;
  /** A value as it would be written in a file. */
  readonly example: string;
}

/** What the schema does not say: a longer explanation and an example of each field. */
const FIELD_PROSE: Readonly<Record<string, { readonly prose: string; readonly example: string }>> = {
  statement: {
    prose:
      'Write what was claimed as one checkable sentence, with its qualifiers (when, where, how much) kept. It is the claim page’s heading and what search finds first. Never put words in a real person’s mouth: record what was claimed, not who you think said it.',
    example: 'The Eastbrook water plant met the 2025 lead limit in every quarterly test.',
  },
  type: {
    prose:
      'Any word will do, but the model decides what happens to it: a type with a prior is scored from that prior, a type the model lists as not scored gets an honest refusal with its reason, and any other type is not scored either.',
    example: 'factual',
  },
  author: {
    prose:
      'Your handle. A review check done by the claim’s own author is shown on the claim page but never counted towards review coverage.',
    example: 'r.okafor',
  },
  recorded: {
    prose: 'The day the claim was entered, written YYYY-MM-DD. The home page lists the newest first.',
    example: '2026-10-02',
  },
  claimant: {
    prose:
      'Optional. The person or organisation that made the claim out in the world, as its source names them; not you (you are the author). The claim’s published fact check names the claimant as the claim’s author. Record only who demonstrably made the claim, where it was made (see appearances), and never put words in a real person’s mouth.',
    example: '{ name: Eastbrook Water Board, url: https://example.org/board }',
  },
  'claimant.name': { prose: 'The claimant as a reader would name them.', example: 'Eastbrook Water Board' },
  'claimant.url': {
    prose: 'Optional. The claimant’s own page, http or https.',
    example: 'https://example.org/board',
  },
  appearances: {
    prose:
      'Optional. Each place the claim was made, earliest first: a press release, a speech’s recording, a post. The earliest is published as the claim’s first appearance.',
    example: '\n  - { url: https://example.org/board/press-2026-01, date: 2026-01-14 }',
  },
  'appearances.url': {
    prose: 'Where the claim can be read or heard as it was made, http or https.',
    example: 'https://example.org/board/press-2026-01',
  },
  'appearances.date': { prose: 'The day it was made there, written YYYY-MM-DD.', example: '2026-01-14' },
  note: {
    prose:
      'Optional plain Markdown (never MDX or HTML), shown above the working. Use it for what a reader needs to follow the working: why links were grouped as they were, what a passage leaves out.',
    example: '>-\n  The four quarterly reports come from the same laboratory, so they are one source.',
  },
  sources: {
    prose:
      'One entry per independent origin of evidence. Two newspapers that both repeat one press release are one source: list the press release, and link each article to it. Links are grouped by source and direction, and the model’s independence rule decides how much of a group counts.',
    example: '\n  - { id: city-lab, name: Eastbrook municipal laboratory, url: https://example.org/lab }',
  },
  'sources.id': {
    prose: 'A short identifier of letters, digits and hyphens that evidence links name; unique within the claim.',
    example: 'city-lab',
  },
  'sources.name': { prose: 'The source as a reader would name it.', example: 'Eastbrook municipal laboratory' },
  'sources.url': {
    prose: 'Optional. An http or https address where the source can be read; any other scheme is refused.',
    example: 'https://example.org/eastbrook/lab/reports-2025',
  },
  evidence: {
    prose:
      'Each link is one quoted passage that supports or opposes the claim, with the levels that set its weight: weight = relevance × observation × interpretation × authenticity × extraction, rounded. A claim with no link of weight above nought gets no probability: it is shown as insufficient evidence.',
    example: '\n  - id: lab-q1\n    source: city-lab\n    direction: supports\n    passage: …',
  },
  'evidence.id': {
    prose:
      'Unique within the claim. It becomes the link’s anchor on the claim page (`#link-<id>`), so keep it short and stable.',
    example: 'lab-q1',
  },
  'evidence.source': {
    prose: 'The `id` of one entry under `sources`; the link counts in that source’s group.',
    example: 'city-lab',
  },
  'evidence.direction': {
    prose:
      '`supports` adds the link’s weight to the claim’s log-odds; `opposes` subtracts it. Record evidence against a claim as carefully as evidence for it.',
    example: 'supports',
  },
  'evidence.passage': {
    prose:
      'Copy the words exactly as the source has them, without paraphrase; mark a cut with an ellipsis. A reader must be able to find them at the locator.',
    example:
      'All samples taken at the Eastbrook treatment works this quarter were below the lead action level of 10 micrograms per litre.',
  },
  'evidence.locator': {
    prose: 'Optional, but a reader needs it: page, table, section, timestamp.',
    example: 'Report 2025-Q1, table 2',
  },
  'evidence.relevance': {
    prose: 'Pick the level that says how much of the claim the passage establishes on its own, taken at its word.',
    example: 'states-outright',
  },
  'evidence.observation': {
    prose: 'Pick the level for the kind of thing the evidence is, whatever it says.',
    example: 'official-record',
  },
  'evidence.interpretationSteps': {
    prose:
      'Count the steps of reasoning a reader needs to get from the passage to the claim: 0 when the passage says it, one for each inference in between (a total worked out from parts, a year read from a date range, a cause read into a sequence). Each step takes a fixed amount off the factor, down to a floor.',
    example: '0',
  },
  'evidence.authenticity': {
    prose: 'Optional; leave it out until someone has checked that the passage really is in the source.',
    example: 'verified',
  },
  'evidence.extraction': {
    prose: 'Optional; leave it out until someone has checked the passage in its context.',
    example: 'unverified',
  },
  'evidence.recordedBy': { prose: 'Optional. The handle of whoever added the link.', example: 'm.ito' },
  reviews: {
    prose:
      'Optional. Each entry is one check of the whole claim by one person. Review coverage counts the checks the model declares that were done at least once by someone other than the claim’s author.',
    example: '\n  - { check: primary-source-reviewed, by: m.ito, on: 2026-10-04 }',
  },
  'reviews.check': {
    prose: 'One of the checks the model declares. Any other name is shown on the claim page but not counted.',
    example: 'primary-source-reviewed',
  },
  'reviews.by': {
    prose: 'The handle of whoever did the check; the author’s own checks are not counted.',
    example: 'm.ito',
  },
  'reviews.on': { prose: 'The day the check was done, written YYYY-MM-DD.', example: '2026-10-04' },
  votes: {
    prose:
      'Optional. The community gradient is the reputation-weighted mean of the votes. It is shown beside the evidence score and never mixed into it.',
    example: '\n  - { voter: m.ito, reputation: 800, value: 0.9 }',
  },
  'votes.voter': { prose: 'One vote per voter and claim.', example: 'm.ito' },
  'votes.reputation': {
    prose:
      'A number; each vote weighs ln(1 + reputation), never less than the model’s floor, so a vote from a voter with ten times the reputation counts for far less than ten times as much.',
    example: '800',
  },
  'votes.value': { prose: 'A decimal from 0 (false) to 1 (true); 0.5 means the voter cannot tell.', example: '0.9' },
};

/** Peels optional, nullable and refinement wrappers off a schema. */
function unwrap(schema: ZodTypeAny): { inner: ZodTypeAny; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
      optional = true;
      inner = inner.unwrap() as ZodTypeAny;
    } else if (inner instanceof z.ZodEffects) inner = inner.innerType() as ZodTypeAny;
    else return { inner, optional };
  }
}

/** Every field of the claim schema in file order, each list followed by the fields of its entries. */
export function claimFields(schema: z.AnyZodObject = claimSchema): FieldDoc[] {
  const out: FieldDoc[] = [];
  // `within` is how a child's label joins its parent's: `[].` under a list, `.` under an object.
  const walk = (shape: Record<string, ZodTypeAny>, parent: string | null, within = '[].'): void => {
    for (const [name, field] of Object.entries(shape)) {
      const path = parent === null ? name : `${parent}.${name}`;
      const { inner, optional } = unwrap(field);
      const list = inner instanceof z.ZodArray;
      const extra = FIELD_PROSE[path];
      out.push({
        path,
        label: parent === null ? name : `${parent}${within}${name}`,
        name,
        anchor: fieldAnchor(path),
        description: field.description ?? '',
        required: !optional,
        list,
        parent,
        prose: extra?.prose ?? '',
        example: extra?.example ?? '',
      });
      if (list) {
        const entry = unwrap(inner.element as ZodTypeAny).inner;
        if (entry instanceof z.ZodObject) walk(entry.shape as Record<string, ZodTypeAny>, path);
      } else if (inner instanceof z.ZodObject) {
        walk(inner.shape as Record<string, ZodTypeAny>, path, '.');
      }
    }
  };
  walk(schema.shape as Record<string, ZodTypeAny>, null);
  return out;
}

/** The paths that have prose here, for the test that no field is left unexplained. */
export const explainedPaths = (): string[] => Object.keys(FIELD_PROSE);

/** The id of a field's section on `/contribute/`: `evidence.relevance` → `field-evidence-relevance`. */
export const fieldAnchor = (path: string): string => `field-${path.replaceAll('.', '-')}`;

/** The section on how a claim file is written (YAML, one file per claim). */
export const FORMAT_ANCHOR = 'file-format';
/** The section on the file's name, which is the claim's address. */
export const FILE_NAME_ANCHOR = 'file-name';

const KNOWN_PATHS = new Set(claimFields().map((f) => f.path));

/**
 * The section of `/contribute/` that explains what a problem names, or null when the problem is not
 * about a claim file. A field path such as `evidence[2].relevance` drops its list positions and
 * maps to `field-evidence-relevance`; a field the schema does not know (`evidence[0].weight`)
 * maps to its nearest known parent (`field-evidence`).
 */
export function problemAnchor(problem: Pick<Problem, 'file' | 'field'>): string | null {
  if (problem.field === '(file name)') return FILE_NAME_ANCHOR;
  if (problem.field === '(yaml)' || problem.field === '(file)') {
    return /(^|[\\/])claims[\\/][^\\/]+$/.test(problem.file) ? FORMAT_ANCHOR : null;
  }
  const parts = problem.field.replace(/\[\d+\]/g, '').split('.');
  if (!KNOWN_PATHS.has(parts[0]!)) return null;
  for (let n = parts.length; n > 0; n -= 1) {
    const path = parts.slice(0, n).join('.');
    if (KNOWN_PATHS.has(path)) return fieldAnchor(path);
  }
  return null;
}

/** The help line printed under a problem, `  see <origin>/contribute/#…`, or null. */
export function problemHelp(
  problem: Pick<Problem, 'file' | 'field'>,
  origin: string = DEFAULT_SITE_ORIGIN,
): string | null {
  const anchor = problemAnchor(problem);
  // absoluteUrl, so that an origin that already holds the base path (LEDGER_SITE=https://x.io/sub) is not doubled.
  return anchor === null ? null : `  see ${absoluteUrl(contributePath(), `${origin.replace(/\/+$/, '')}/`)}#${anchor}`;
}

/** The site's public address for help links: `LEDGER_SITE`, else the default. */
export const helpOrigin = siteOrigin;

/** The level tables of a model that a link's levels are looked up in. */
export const LEVEL_TABLES = ['relevance', 'observation', 'authenticity', 'extraction'] as const;
/** One of the level tables. */
export type LevelTable = (typeof LEVEL_TABLES)[number];

/** What each level of the default model means, and an illustration. */
export const LEVEL_MEANINGS: Readonly<
  Record<LevelTable, Readonly<Record<string, { readonly meaning: string; readonly illustration: string }>>>
> = {
  relevance: {
    'states-outright': {
      meaning: 'The passage says what the claim says, in so many words.',
      illustration:
        'Claim: the plant met the lead limit in every test. Passage: “all samples were below the lead action level”.',
    },
    'bears-directly': {
      meaning:
        'The passage is about exactly what the claim is about and points one way, but does not state the claim itself.',
      illustration:
        'An inspectorate “found no exceedance of the lead standard” that year: it covers the claim without restating it.',
    },
    'touches-subject': {
      meaning: 'The passage is about the same subject but settles little of the claim.',
      illustration: 'A report that the plant replaced its lead pipes, offered for a claim about test results.',
    },
    'context-only': {
      meaning:
        'Background that helps a reader follow the claim but bears on nothing; kept for reading, moves no number.',
      illustration: 'A description of how quarterly sampling works.',
    },
  },
  observation: {
    measurement: {
      meaning: 'A reading taken by an instrument or a count, reported with how it was taken.',
      illustration: 'A laboratory result, an automatic traffic counter’s totals.',
    },
    'official-record': {
      meaning: 'A record a public body keeps in the course of its duties.',
      illustration: 'Council minutes, a land register, audited accounts.',
    },
    document: {
      meaning: 'A published document whose author is known.',
      illustration: 'A consultant’s report, a contract, a press release.',
    },
    'first-hand-account': {
      meaning: 'Someone describing what they themselves saw or did.',
      illustration: 'A stallholder on their own takings.',
    },
    'second-hand-report': {
      meaning: 'Someone reporting what others saw or said.',
      illustration: 'A news story relaying what a spokesperson said.',
    },
    rumour: {
      meaning: 'Talk with no one to answer for it.',
      illustration: '“People are saying the bridge will close.”',
    },
    'model-output': {
      meaning: 'Text produced by an AI assistant or another model, however confident it sounds.',
      illustration: 'A chatbot’s summary of the council’s budget.',
    },
  },
  authenticity: {
    unverified: {
      meaning:
        'Nobody has yet checked that the passage really is in the source (the level when the field is left out).',
      illustration: 'A link entered from a quotation in a newsletter.',
    },
    verified: {
      meaning: 'Someone opened the source and found the passage in it, word for word.',
      illustration: 'The quoted table was found in the laboratory’s published report.',
    },
    doubted: {
      meaning: 'There is a concrete reason to think the source or the passage may not be genuine.',
      illustration: 'A screenshot of a letter whose sender denies writing it.',
    },
    refuted: {
      meaning: 'The passage or the source has been shown not to be genuine.',
      illustration: 'The “leaked memo” was shown to be fabricated.',
    },
  },
  extraction: {
    unverified: {
      meaning: 'Nobody has yet checked the passage in its context (the level when the field is left out).',
      illustration: 'A sentence copied from a long report by one person.',
    },
    verified: {
      meaning: 'Someone read the passage in its context and it says what the link takes it to say.',
      illustration: 'The surrounding paragraph adds no condition to the quoted figure.',
    },
    doubted: {
      meaning: 'The passage may have been cut or read out of its context.',
      illustration: 'The quote stops just before “except in the second quarter”.',
    },
    refuted: {
      meaning: 'In its context the passage does not say what the link takes it to say.',
      illustration: 'The figure quoted is a target, not a result.',
    },
  },
};

/** What each review check of the default model asks for. */
export const CHECK_MEANINGS: Readonly<Record<string, string>> = {
  'primary-source-reviewed':
    'Someone other than the author opened the original source of the evidence (not a report about it) and confirmed the passages.',
  'opposing-search-done':
    'Someone looked for evidence against the claim and recorded what they found, or that they found none.',
  'independence-reviewed':
    'Someone checked that sources listed as separate did not copy each other, so that each group really is independent.',
  'qualifiers-reviewed':
    'Someone checked that the statement keeps the qualifiers of what was claimed: dates, places, “up to”, “about”.',
};

/** A link of the ledger that uses a level, to show as an example. */
export interface LevelExample {
  readonly slug: string;
  readonly statement: string;
  readonly linkId: string;
  readonly passage: string;
}

/**
 * The first link (claims in the order given, links in file order) whose level in `table` is
 * `level`; authenticity and extraction count a link that leaves the field out as `unverified`,
 * as the validator normalises it. Null when no claim uses the level.
 */
export function levelExample(
  claims: readonly { readonly slug: string; readonly claim: Claim }[],
  table: LevelTable,
  level: string,
): LevelExample | null {
  for (const { slug, claim } of claims) {
    const link = claim.evidence.find((e) => e[table] === level);
    if (link) return { slug, statement: claim.statement, linkId: link.id, passage: link.passage };
  }
  return null;
}

/** One level of a model's table as `/contribute/` shows it. */
export interface LevelRow {
  readonly level: string;
  readonly factor: string;
  readonly meaning: string;
  readonly illustration: string;
  /** A link of the ledger given this level, with the address of its row on the claim page. */
  readonly example: (LevelExample & { readonly href: string }) | null;
}

/** Every level of one of a model's tables, in the model's order, with its meaning and an example. */
export function levelRows(
  model: Model,
  table: LevelTable,
  claims: readonly { readonly slug: string; readonly claim: Claim }[],
): LevelRow[] {
  return Object.entries(model[table]).map(([level, factor]) => {
    const example = levelExample(claims, table, level);
    return {
      level,
      factor,
      meaning: Object.hasOwn(LEVEL_MEANINGS[table], level) ? LEVEL_MEANINGS[table][level]!.meaning : '',
      illustration: Object.hasOwn(LEVEL_MEANINGS[table], level) ? LEVEL_MEANINGS[table][level]!.illustration : '',
      example: example && { ...example, href: withAnchor(claimPath(example.slug), linkAnchor(example.linkId)) },
    };
  });
}

/** The review checks a model declares, with what each asks for. */
export function checkRows(model: Model): { readonly check: string; readonly meaning: string }[] {
  return model.review.checks.map((check) => ({
    check,
    meaning: Object.hasOwn(CHECK_MEANINGS, check) ? CHECK_MEANINGS[check]! : '',
  }));
}

/** The fields grouped as the page shows them: each top-level field with the fields of its entries. */
export function fieldGroups(
  fields: readonly FieldDoc[] = claimFields(),
): { readonly field: FieldDoc; readonly children: readonly FieldDoc[] }[] {
  return fields
    .filter((f) => f.parent === null)
    .map((field) => ({ field, children: fields.filter((f) => f.parent === field.path) }));
}
