/**
 * Validation: a parsed file becomes a normalised model or claim, or a list of problems that each
 * name the file, line and field. Every problem in a file is reported, not only the first.
 */
import type { ZodError, ZodIssue } from 'astro/zod';
import { dec, plain, type Claim, type Model } from '../engine/index.ts';
import { claimSchema, type ClaimInput } from '../schemas/claim.ts';
import { modelSchema, type ModelInput } from '../schemas/model.ts';
import { fieldName, type Problem } from './problems.ts';
import type { Parsed } from './yamlSource.ts';

type Path = readonly (string | number)[];

/** Collects problems for one parsed file. */
class Report {
  readonly problems: Problem[] = [];
  constructor(private readonly parsed: Parsed) {}

  add(path: Path, message: string): void {
    this.problems.push({ file: this.parsed.file, line: this.parsed.lineOf(path), field: fieldName(path), message });
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
    report.add([], 'a model file must be a mapping of fields (see DESIGN §2)');
    return { model: null, problems: report.problems };
  }
  const result = modelSchema.safeParse(parsed.data);
  if (!result.success) {
    report.zod(result.error);
    return { model: null, problems: report.problems };
  }
  const m: ModelInput = result.data;
  const id = `${m.name}@${m.version}`;
  if (expectedId !== undefined && expectedId !== id) {
    report.add(['version'], `the file is named ${expectedId} but declares ${id}; a model's id must equal its file name`);
  }
  for (const table of ['relevance', 'observation', 'authenticity', 'extraction'] as const) {
    for (const [level, factor] of Object.entries(m[table])) {
      if (dec(factor).isNegative()) report.add([table, level], `must not be negative, not ${factor}`);
    }
  }
  const { stepCost, floor } = m.interpretation;
  if (dec(stepCost).isNegative()) report.add(['interpretation', 'stepCost'], `must not be negative, not ${stepCost}`);
  if (!between(floor, '0', '1')) report.add(['interpretation', 'floor'], `must be between 0 and 1, not ${floor}`);
  for (const [type, prior] of Object.entries(m.priors)) {
    const p = dec(prior);
    if (p.lessThanOrEqualTo(0) || p.greaterThanOrEqualTo(1)) {
      report.add(['priors', type], `a prior must be strictly between 0 and 1 (its log-odds would be infinite), not ${prior}`);
    }
    if (type in m.notScored) report.add(['notScored', type], `type ${type} has a prior, so it cannot also be not scored`);
  }
  m.states.forEach(({ from, state }, i) => {
    if (!between(from, '0', '1')) report.add(['states', i, 'from'], `must be between 0 and 1, not ${from}`);
    if (i === 0 && !dec(from).isZero()) report.add(['states', 0, 'from'], `the first state must start at 0, not ${from}`);
    const before = m.states[i - 1];
    if (before && !dec(from).greaterThan(dec(before.from))) {
      report.add(['states', i, 'from'], `states must be in strictly ascending order: ${from} does not come after ${before.from}`);
    }
    if (state === 'not-applicable' || state === 'insufficient-evidence') {
      report.add(['states', i, 'state'], `${state} is reserved for results with no probability`);
    }
    if (m.states.findIndex((s) => s.state === state) !== i) report.add(['states', i, 'state'], `state ${state} is listed twice`);
  });
  for (const key of ['weight', 'probability', 'coverage'] as const) {
    const places = m.rounding[key];
    if (!isWhole(places) || !between(places, '0', '20')) report.add(['rounding', key], `must be a whole number of places from 0 to 20, not ${places}`);
  }
  m.stability.scales.forEach((scale, i) => {
    if (!dec(scale).isPositive() || dec(scale).isZero()) report.add(['stability', 'scales', i], `must be greater than 0, not ${scale}`);
  });
  if (!between(m.stability.high, '0', '1')) report.add(['stability', 'high'], `must be between 0 and 1, not ${m.stability.high}`);
  if (!between(m.stability.medium, '0', '1')) report.add(['stability', 'medium'], `must be between 0 and 1, not ${m.stability.medium}`);
  if (dec(m.stability.high).greaterThan(dec(m.stability.medium))) {
    report.add(['stability', 'high'], `must not be above medium (${m.stability.medium}), not ${m.stability.high}`);
  }
  const groups = m.stability.minGroupsForHigh;
  if (!isWhole(groups) || dec(groups).isNegative()) report.add(['stability', 'minGroupsForHigh'], `must be a whole number of at least 0, not ${groups}`);
  m.review.checks.forEach((check, i) => {
    if (m.review.checks.indexOf(check) !== i) report.add(['review', 'checks', i], `check ${check} is declared twice`);
  });
  const g = m.gradient;
  if (!dec(g.floor).greaterThan(0)) report.add(['gradient', 'floor'], `must be greater than 0 so that every vote has a weight, not ${g.floor}`);
  for (const key of ['neutral', 'trueFrom', 'falseTo'] as const) {
    if (!between(g[key], '0', '1')) report.add(['gradient', key], `must be between 0 and 1, not ${g[key]}`);
  }
  if (!dec(g.falseTo).lessThan(dec(g.trueFrom))) report.add(['gradient', 'falseTo'], `must be below trueFrom (${g.trueFrom}), not ${g.falseTo}`);
  if (report.problems.length > 0) return { model: null, problems: report.problems };
  return { model: normaliseModel(m), problems: [] };
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
    gradient: { floor: n(m.gradient.floor), neutral: n(m.gradient.neutral), trueFrom: n(m.gradient.trueFrom), falseTo: n(m.gradient.falseTo) },
  };
}

/** Validates and normalises a parsed claim file on its own (levels are checked per model). */
export function validateClaim(parsed: Parsed): { claim: Claim | null; problems: Problem[] } {
  const report = new Report(parsed);
  if (parsed.data === null || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) {
    report.add([], 'a claim file must be a mapping of fields (see DESIGN §3)');
    return { claim: null, problems: report.problems };
  }
  const result = claimSchema.safeParse(parsed.data);
  if (!result.success) {
    report.zod(result.error);
    return { claim: null, problems: report.problems };
  }
  const c: ClaimInput = result.data;
  const sourceIds = new Set<string>();
  c.sources.forEach((source, i) => {
    if (sourceIds.has(source.id)) report.add(['sources', i, 'id'], `source id ${source.id} is used twice`);
    sourceIds.add(source.id);
  });
  const linkIds = new Set<string>();
  c.evidence.forEach((link, i) => {
    if (linkIds.has(link.id)) report.add(['evidence', i, 'id'], `link id ${link.id} is used twice in this claim`);
    linkIds.add(link.id);
    if (!sourceIds.has(link.source)) {
      const known = [...sourceIds].join(', ') || 'none';
      report.add(['evidence', i, 'source'], `names source ${link.source}, which is not listed under sources (listed: ${known})`);
    }
    const steps = link.interpretationSteps;
    if (!isWhole(steps) || dec(steps).isNegative()) {
      report.add(['evidence', i, 'interpretationSteps'], `must be a whole number of at least 0, not ${steps}`);
    }
  });
  const voters = new Set<string>();
  (c.votes ?? []).forEach((vote, i) => {
    if (!between(vote.value, '0', '1')) report.add(['votes', i, 'value'], `a vote must be between 0 and 1, not ${vote.value}`);
    if (voters.has(vote.voter)) report.add(['votes', i, 'voter'], `${vote.voter} has already voted on this claim`);
    voters.add(vote.voter);
  });
  if (report.problems.length > 0) return { claim: null, problems: report.problems };
  return {
    claim: {
      statement: c.statement,
      type: c.type,
      author: c.author,
      recorded: c.recorded,
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
      reviews: (c.reviews ?? []).map((r) => ({ check: r.check, by: r.by, on: r.on })),
      votes: (c.votes ?? []).map((v) => ({ voter: v.voter, reputation: n(v.reputation), value: n(v.value) })),
    },
    problems: [],
  };
}

/** Checks that every level a claim's links use is one the model declares. */
export function checkLevels(parsed: Parsed, claim: Claim, model: Model): Problem[] {
  const report = new Report(parsed);
  const id = `${model.name}@${model.version}`;
  claim.evidence.forEach((link, i) => {
    for (const table of ['relevance', 'observation', 'authenticity', 'extraction'] as const) {
      const level = link[table];
      if (!Object.hasOwn(model[table], level)) {
        const known = Object.keys(model[table]).join(', ');
        report.add(['evidence', i, table], `unknown ${table} level "${level}" under ${id} (known: ${known})`);
      }
    }
  });
  return report.problems;
}
