/**
 * Validating a claim file: a parsed file becomes a normalised claim, or a list of problems that each
 * name the file, line and field (every problem in a file, not only the first); and a claim's levels
 * checked against a model. Models are validated in validateModel.ts.
 */
import { dec, modelId, type Claim, type Model } from '../../engine/index.ts';
import { claimSchema, type ClaimInput } from '../../schemas/claim.ts';
import { isBoundedDecimal, isIsoDate } from '../../schemas/common.ts';
import { LEVEL_TABLES, type LevelTableName } from '../model/levelTables.ts';
import { identityKey, invisibleIn } from './identity.ts';
import type { Problem } from './problems.ts';
import { between, isWhole, n, Report } from './validationReport.ts';
import type { Parsed, Plain } from './yamlSource.ts';

/** Validates and normalises a parsed claim file on its own (levels are checked per model). */
export function validateClaim(parsed: Parsed): { claim: Claim | null; problems: Problem[] } {
  const report = new Report(parsed);
  if (parsed.data === null || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) {
    report.add([], 'a claim file must be a mapping of fields (see docs/design.md §3)');
    return { claim: null, problems: report.problems };
  }
  const result = claimSchema.safeParse(parsed.data);
  if (!result.success) report.zod(result.error);
  // The checks across fields read the file's own data wherever it has the right shape, so that a
  // schema mistake elsewhere does not hide them.
  const data = parsed.data;
  const sourceIds = new Set<string>();
  entries(data['sources']).forEach((source, i) => {
    const id = source['id'];
    if (typeof id !== 'string') return;
    if (sourceIds.has(id)) report.add(['sources', i, 'id'], `source id ${id} is used twice`);
    sourceIds.add(id);
  });
  const linkIds = new Set<string>();
  entries(data['evidence']).forEach((link, i) => {
    const { id, source, interpretationSteps: steps } = link;
    if (typeof id === 'string') {
      if (linkIds.has(id)) report.add(['evidence', i, 'id'], `link id ${id} is used twice in this claim`);
      linkIds.add(id);
    }
    if (typeof source === 'string' && Array.isArray(data['sources']) && !sourceIds.has(source)) {
      const known = [...sourceIds].join(', ') || 'none';
      report.add(
        ['evidence', i, 'source'],
        `names source ${source}, which is not listed under sources (listed: ${known})`,
      );
    }
    if (isDecimal(steps) && (!isWhole(steps) || dec(steps).isNegative())) {
      report.add(['evidence', i, 'interpretationSteps'], `must be a whole number of at least 0, not ${steps}`);
    }
  });
  const voters = new Map<string, number>();
  entries(data['votes']).forEach((vote, i) => {
    const { voter, value } = vote;
    if (isDecimal(value) && !between(value, '0', '1'))
      report.add(['votes', i, 'value'], `a vote must be between 0 and 1, not ${value}`);
    if (typeof voter !== 'string') return;
    const invisible = invisibleIn(voter);
    if (invisible !== null)
      report.add(['votes', i, 'voter'], `holds an invisible character (${invisible}); write the name without it`);
    // One voter however the name is written: trimmed, NFC, invisible characters left out.
    const key = identityKey(voter);
    const first = voters.get(key);
    if (first !== undefined)
      report.add(
        ['votes', i, 'voter'],
        `${JSON.stringify(voter.trim())} has already voted on this claim (votes[${first}] is the same name)`,
      );
    else voters.set(key, i);
  });
  entries(data['appearances']).forEach((appearance, i, all) => {
    const date = appearance['date'];
    const before = i > 0 ? all[i - 1]!['date'] : undefined;
    if (
      typeof date === 'string' &&
      typeof before === 'string' &&
      isIsoDate(date) &&
      isIsoDate(before) &&
      date < before
    ) {
      report.add(
        ['appearances', i, 'date'],
        `appearances are listed earliest first: ${date} comes before ${before} above it`,
      );
    }
  });
  if (!result.success || report.problems.length > 0) return { claim: null, problems: report.problems };
  const c: ClaimInput = result.data;
  return {
    claim: {
      statement: c.statement,
      type: c.type,
      author: c.author,
      recorded: c.recorded,
      // Present only when written, so that a claim without them keeps the inputHash it had.
      ...(c.claimant
        ? {
            claimant: {
              name: c.claimant.name,
              url: c.claimant.url ?? null,
              ...(c.claimant.type ? { type: c.claimant.type } : {}),
            },
          }
        : {}),
      ...(c.appearances && c.appearances.length > 0
        ? { appearances: c.appearances.map((a) => ({ url: a.url, date: a.date })) }
        : {}),
      note: c.note ?? null,
      sources: c.sources.map((s) => ({ id: s.id, name: s.name, url: s.url ?? null })),
      evidence: c.evidence.map((e) => ({
        id: e.id,
        source: e.source,
        direction: e.direction,
        passage: e.passage,
        locator: e.locator ?? null,
        relevance: e.relevance,
        observation: e.observation,
        interpretationSteps: n(e.interpretationSteps),
        authenticity: e.authenticity ?? 'unverified',
        extraction: e.extraction ?? 'unverified',
        recordedBy: e.recordedBy ?? null,
      })),
      // The date stays under the key the file wrote, so that an older file's inputHash is unchanged.
      reviews: (c.reviews ?? []).map((r) =>
        r.on !== undefined ? { check: r.check, by: r.by, on: r.on } : { check: r.check, by: r.by, date: r.date! },
      ),
      votes: (c.votes ?? []).map((v) => ({ voter: v.voter, reputation: n(v.reputation), value: n(v.value) })),
    },
    problems: [],
  };
}

/**
 * Checks that every level a claim's links use is one the model declares. Given no claim (the file
 * has other mistakes), it reads the levels that are written as text straight from the file.
 */
export function checkLevels(parsed: Parsed, claim: Claim | null, model: Model): Problem[] {
  const report = new Report(parsed);
  const id = modelId(model);
  const links: readonly Partial<Readonly<Record<LevelTableName, unknown>>>[] =
    claim?.evidence ?? entries(mapping(parsed.data)['evidence']);
  links.forEach((link, i) => {
    for (const table of LEVEL_TABLES) {
      const level = link[table];
      if (typeof level === 'string' && !Object.hasOwn(model[table], level)) {
        const known = Object.keys(model[table]).join(', ');
        report.add(['evidence', i, table], `unknown ${table} level "${level}" under ${id} (known: ${known})`);
      }
    }
  });
  return report.problems;
}

type Loose = { readonly [key: string]: Plain };

/** A value as a mapping, or an empty one. */
function mapping(value: Plain | undefined): Loose {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** The items of a list as mappings (anything else as an empty mapping, so indexes stay true). */
function entries(value: Plain | undefined): Loose[] {
  return Array.isArray(value) ? value.map(mapping) : [];
}

/** A decimal small enough to build: the cross-field checks must not build `1e1000000000`. */
function isDecimal(value: Plain | undefined): value is string {
  return isBoundedDecimal(value);
}
