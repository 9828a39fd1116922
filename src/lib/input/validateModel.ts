/**
 * Validating a model file: a parsed file becomes a normalised model, or a list of problems that each
 * name the file, line and field. Every problem in a file is reported, not only the first.
 */
import type { ZodTypeAny } from 'astro/zod';
import { dec, modelId, round, type Model } from '../../engine/index.ts';
import { modelSchema, type ModelInput } from '../../schemas/model.ts';
import { LEVEL_TABLES } from '../model/levelTables.ts';
import { collidingKeys } from './identity.ts';
import type { Problem } from './problems.ts';
import { between, isWhole, n, Report } from './validationReport.ts';
import type { Parsed, Plain } from './yamlSource.ts';

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
