/**
 * Validation: a parsed file becomes a normalised model or claim, or a list of problems that each
 * name the file, line and field. Every problem in a file is reported, not only the first.
 */
import type { ZodError, ZodIssue, ZodTypeAny } from 'astro/zod';
import { dec, modelId, plain, round, type Claim, type Model } from '../../engine/index.ts';
import { claimSchema, type ClaimInput } from '../../schemas/claim.ts';
import { isBoundedDecimal, isIsoDate } from '../../schemas/common.ts';
import { modelSchema, type ModelInput } from '../../schemas/model.ts';
import { LEVEL_TABLES, type LevelTableName } from '../model/levelTables.ts';
import { collidingKeys, identityKey, invisibleIn } from './identity.ts';
import { fieldName, MAX_PROBLEMS_PER_FILE, moreProblems, type Problem } from './problems.ts';
import type { Parsed, Plain } from './yamlSource.ts';

type Path = readonly (string | number)[];

/** Collects problems for one parsed file, the first `MAX_PROBLEMS_PER_FILE` of them and a count of the rest. */
class Report {
  private readonly listed: Problem[] = [];
  private more = 0;
  constructor(private readonly parsed: Parsed) {}

  add(path: Path, message: string): void {
    if (this.listed.length >= MAX_PROBLEMS_PER_FILE) this.more += 1;
    else this.listed.push({ file: this.parsed.file, line: this.parsed.lineOf(path), field: fieldName(path), message });
  }

  /** The problems listed, and one more that says how many were left out. */
  get problems(): Problem[] {
    return this.more === 0 ? this.listed : [...this.listed, moreProblems(this.parsed.file, this.more)];
  }

  zod(error: ZodError): void {
    for (const issue of error.issues) this.issue(issue);
  }

  private issue(issue: ZodIssue): void {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) this.add([...issue.path, key], 'is not a field here (check its spelling)');
      return;
    }
    if (issue.code === 'invalid_type' && issue.received === 'undefined') {
      this.add(issue.path, 'is required');
      return;
    }
    if (issue.code === 'invalid_union') {
      this.add(issue.path, issue.message);
      return;
    }
    this.add(issue.path, issue.message === 'Required' ? 'is required' : issue.message);
  }
}

const n = (value: string): string => plain(dec(value));

function isWhole(value: string): boolean {
  return dec(value).isInteger();
}

function between(value: string, low: string, high: string): boolean {
  const d = dec(value);
  return d.greaterThanOrEqualTo(low) && d.lessThanOrEqualTo(high);
}

/** The model id a model file's name implies, e.g. `ledger-strict@0.1.0` for `ledger-strict@0.1.0.yaml`. */
export function idFromFileName(file: string): string {
  return (file.split(/[\\/]/).pop() ?? file).replace(/\.(ya?ml|json)$/, '');
}

/** Validates and normalises a parsed model file; `expectedId` is checked against name@version when given. */
export function validateModel(parsed: Parsed, expectedId?: string): { model: Model | null; problems: Problem[] } {
  const report = new Report(parsed);
  if (parsed.data === null || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) {
    report.add([], 'a model file must be a mapping of fields (see docs/design.md §2)');
    return { model: null, problems: report.problems };
  }
  const result = modelSchema.safeParse(parsed.data);
  if (!result.success) report.zod(result.error);
  // Keys that are one key once trimmed: the schema would keep the last, a reader sees the first.
  for (const { path, key, first } of collidingKeys(parsed.data))
    report.add(path, `${JSON.stringify(key)} is the same key as ${JSON.stringify(first)} once trimmed; keep one`);
  // The checks below read every section that is well-formed on its own, so that a schema mistake in
  // one section does not hide a mistake in another.
  const m: Partial<ModelInput> = result.success ? result.data : wellFormedSections(parsed.data);
  const id = m.name !== undefined && m.version !== undefined ? modelId({ name: m.name, version: m.version }) : '';
  if (expectedId !== undefined && id !== '' && expectedId !== id) {
    report.add(
      ['version'],
      `the file is named ${expectedId} but declares ${id}; a model's id must equal its file name`,
    );
  }
  for (const table of LEVEL_TABLES) {
    for (const [level, factor] of Object.entries(m[table] ?? {})) {
      if (dec(factor).isNegative()) report.add([table, level], `must not be negative, not ${factor}`);
    }
  }
  if (m.interpretation) {
    const { stepCost, floor } = m.interpretation;
    if (dec(stepCost).isNegative()) report.add(['interpretation', 'stepCost'], `must not be negative, not ${stepCost}`);
    if (!between(floor, '0', '1')) report.add(['interpretation', 'floor'], `must be between 0 and 1, not ${floor}`);
  }
  for (const [type, prior] of Object.entries(m.priors ?? {})) {
    const p = dec(prior);
    if (p.lessThanOrEqualTo(0) || p.greaterThanOrEqualTo(1)) {
      report.add(
        ['priors', type],
        `a prior must be strictly between 0 and 1 (its log-odds would be infinite), not ${prior}`,
      );
    }
    if (m.notScored && Object.hasOwn(m.notScored, type))
      report.add(['notScored', type], `type ${type} has a prior, so it cannot also be not scored`);
  }
  const states = m.states ?? [];
  states.forEach(({ from, state }, i) => {
    if (!between(from, '0', '1')) report.add(['states', i, 'from'], `must be between 0 and 1, not ${from}`);
    if (i === 0 && !dec(from).isZero())
      report.add(['states', 0, 'from'], `the first state must start at 0, not ${from}`);
    const before = states[i - 1];
    if (before && !dec(from).greaterThan(dec(before.from))) {
      report.add(
        ['states', i, 'from'],
        `states must be in strictly ascending order: ${from} does not come after ${before.from}`,
      );
    }
    if (state === 'not-applicable' || state === 'insufficient-evidence') {
      report.add(['states', i, 'state'], `${state} is reserved for results with no probability`);
    }
    if (states.findIndex((s) => s.state === state) !== i)
      report.add(['states', i, 'state'], `state ${state} is listed twice`);
  });
  for (const key of ['weight', 'probability', 'coverage'] as const) {
    if (!m.rounding) break;
    const places = m.rounding[key];
    if (!isWhole(places) || !between(places, '0', '20'))
      report.add(['rounding', key], `must be a whole number of places from 0 to 20, not ${places}`);
  }
  if (m.stability) {
    m.stability.scales.forEach((scale, i) => {
      if (!dec(scale).isPositive() || dec(scale).isZero())
        report.add(['stability', 'scales', i], `must be greater than 0, not ${scale}`);
    });
    if (!between(m.stability.high, '0', '1'))
      report.add(['stability', 'high'], `must be between 0 and 1, not ${m.stability.high}`);
    if (!between(m.stability.medium, '0', '1'))
      report.add(['stability', 'medium'], `must be between 0 and 1, not ${m.stability.medium}`);
    if (dec(m.stability.high).greaterThan(dec(m.stability.medium))) {
      report.add(['stability', 'high'], `must not be above medium (${m.stability.medium}), not ${m.stability.high}`);
    }
    const groups = m.stability.minGroupsForHigh;
    if (!isWhole(groups) || dec(groups).isNegative())
      report.add(['stability', 'minGroupsForHigh'], `must be a whole number of at least 0, not ${groups}`);
  }
  const checks = m.review?.checks ?? [];
  checks.forEach((check, i) => {
    if (checks.indexOf(check) !== i) report.add(['review', 'checks', i], `check ${check} is declared twice`);
  });
  const g = m.gradient;
  if (g) {
    if (!dec(g.floor).greaterThan(0))
      report.add(['gradient', 'floor'], `must be greater than 0 so that every vote has a weight, not ${g.floor}`);
    else if (m.rounding && isWhole(m.rounding.weight) && between(m.rounding.weight, '0', '20')) {
      const places = dec(m.rounding.weight).toNumber();
      if (round(dec(g.floor), places, m.rounding.mode).isZero()) {
        report.add(
          ['gradient', 'floor'],
          `rounds to 0 at ${places} weight places, so a vote could have no weight; raise it or rounding.weight`,
        );
      }
    }
    for (const key of ['neutral', 'trueFrom', 'falseTo'] as const) {
      if (!between(g[key], '0', '1')) report.add(['gradient', key], `must be between 0 and 1, not ${g[key]}`);
    }
    if (!dec(g.falseTo).lessThan(dec(g.trueFrom)))
      report.add(['gradient', 'falseTo'], `must be below trueFrom (${g.trueFrom}), not ${g.falseTo}`);
  }
  if (!result.success || report.problems.length > 0) return { model: null, problems: report.problems };
  return { model: normaliseModel(result.data), problems: [] };
}

/** The top-level sections of a model that are valid on their own, for checks across sections. */
function wellFormedSections(data: { readonly [key: string]: Plain }): Partial<ModelInput> {
  const sections: { [key: string]: unknown } = {};
  for (const [key, schema] of Object.entries(modelSchema.shape)) {
    const section = (schema as ZodTypeAny).safeParse(data[key]);
    if (section.success) sections[key] = section.data;
  }
  return sections;
}

function table(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, n(value)]));
}

function normaliseModel(m: ModelInput): Model {
  return {
    name: m.name,
    version: m.version,
    released: m.released,
    basedOn: m.basedOn ?? null,
    summary: m.summary,
    changes: m.changes,
    relevance: table(m.relevance),
    observation: table(m.observation),
    interpretation: { stepCost: n(m.interpretation.stepCost), floor: n(m.interpretation.floor) },
    authenticity: table(m.authenticity),
    extraction: table(m.extraction),
    independence: m.independence,
    priors: table(m.priors),
    notScored: { ...m.notScored },
    states: m.states.map(({ from, state }) => ({ from: n(from), state })),
    rounding: {
      mode: m.rounding.mode,
      weight: n(m.rounding.weight),
      probability: n(m.rounding.probability),
      coverage: n(m.rounding.coverage),
    },
    stability: {
      scales: m.stability.scales.map(n),
      high: n(m.stability.high),
      medium: n(m.stability.medium),
      minGroupsForHigh: n(m.stability.minGroupsForHigh),
    },
    review: { checks: [...m.review.checks] },
    gradient: {
      floor: n(m.gradient.floor),
      neutral: n(m.gradient.neutral),
      trueFrom: n(m.gradient.trueFrom),
      falseTo: n(m.gradient.falseTo),
    },
  };
}

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
