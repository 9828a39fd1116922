/**
 * Verifying the published explanations (docs/design.md §6a): each `claims/<slug>/<model>/explain.json` is
 * worked again by the engine from the trace beside it (its `input`) and every published model.json,
 * and compared whole. The site's order of models is the one the explanation lists (checked to be
 * every published model once), and the level order its edits step along is the one it records
 * (checked to be that model's levels), since a canonical model.json keeps neither.
 */
import { createExplainer, type LevelOrder } from '../../engine/explain/index.ts';
import type { Model } from '../../engine/index.ts';
import { validateClaim } from '../input/validate.ts';
import type { Plain } from '../input/yamlSource.ts';
import type { SiteFiles } from './files.ts';
import { compareJson, show, type JsonDifference } from './jsonDiff.ts';
import type { Finding } from './report.ts';
import { loadPublishedModel, readJson, type LoadedPublished } from './rescore.ts';

/** What checking the explanations found. */
export interface ExplainCheck {
  readonly checked: number;
  readonly differ: number;
  readonly findings: Finding[];
}

const PER_MODEL_TRACE = /^claims\/[^/]+\/[^/]+\/trace\.json$/;
const MODEL_JSON = /^models\/([^/]+)\/model\.json$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The published order of the two tables, when it is exactly the model's levels of each. */
function levelsOf(value: unknown, model: Model): LevelOrder | string {
  if (!isObject(value)) return 'must be an object with relevance and observation';
  const out: Record<string, string[]> = {};
  for (const table of ['relevance', 'observation'] as const) {
    const list = value[table];
    const own = Object.keys(model[table]);
    if (!Array.isArray(list) || list.length !== own.length || !own.every((level) => list.includes(level)))
      return `${table}: must list the model's ${table} levels once each`;
    out[table] = list as string[];
  }
  return out as unknown as LevelOrder;
}

/** Re-derives every explanation of a site; none published is nothing to check (a site built before them). */
export function verifyExplanations(
  files: SiteFiles,
  models: Map<string, LoadedPublished>,
  codeHash: string,
): ExplainCheck | null {
  const all = files.list();
  const published = all.filter((path) => path.startsWith('claims/') && path.endsWith('/explain.json'));
  if (published.length === 0) return null;
  const findings: Finding[] = [];
  const ids = all.flatMap((path) => MODEL_JSON.exec(path)?.[1] ?? []);
  const loaded = ids.map((id) => {
    let found = models.get(id);
    if (found === undefined) models.set(id, (found = loadPublishedModel(files, id, codeHash)));
    return found;
  });
  let differ = 0;
  const have = new Set(published);
  for (const trace of all.filter((path) => PER_MODEL_TRACE.test(path))) {
    const path = trace.replace(/trace\.json$/, 'explain.json');
    if (!have.has(path)) findings.push({ file: path, field: null, message: 'missing beside its trace.json' });
  }
  for (const path of published) {
    const problems = checkOne(files, path, ids, loaded);
    if (problems.length > 0) differ += 1;
    findings.push(...problems);
  }
  return { checked: published.length, differ, findings };
}

function checkOne(
  files: SiteFiles,
  path: string,
  ids: readonly string[],
  loaded: readonly LoadedPublished[],
): Finding[] {
  const at = (message: string, field: string | null = null): Finding[] => [{ file: path, field, message }];
  const read = readJson(files, path);
  if (!read.ok) return at(read.message, read.field);
  const doc = read.value;
  if (!isObject(doc)) return at('an explanation must be a JSON object');
  const trace = readJson(files, path.replace(/explain\.json$/, 'trace.json'));
  if (!trace.ok || !isObject(trace.value) || !Object.hasOwn(trace.value, 'input'))
    return at('cannot be re-derived: the trace.json beside it cannot be read');
  const { claim: slug, model: id, input } = trace.value as { claim: unknown; model: unknown; input: unknown };
  const order = Array.isArray(doc['models']) ? doc['models'].map((row) => (isObject(row) ? row['model'] : null)) : [];
  if (order.length !== ids.length || !ids.every((one) => order.includes(one)))
    return at(`must list every published model once, not ${show(order)}`, 'models');
  const byId = new Map(ids.map((one, i) => [one, loaded[i]!]));
  const models: Model[] = [];
  for (const one of order as string[]) {
    const model = byId.get(one)!;
    if (!model.ok) return at(`cannot be re-derived: ${model.file}: ${model.message}`);
    models.push(model.model);
  }
  const page = typeof id === 'string' ? byId.get(id) : undefined;
  if (page === undefined || !page.ok) return at(`cannot be re-derived: no published model ${show(id)}`, 'model');
  const levels = levelsOf(doc['levels'], page.model);
  if (typeof levels === 'string') return at(levels, 'levels');
  let expected: unknown;
  try {
    const { claim, problems } = validateClaim({ file: path, data: input as Plain, lineOf: () => 1 });
    if (!claim || problems.length > 0) return at('cannot be re-derived: the trace beside it has no valid input');
    expected = createExplainer(models, () => levels).explain(String(slug), claim, page.id);
  } catch (error) {
    return at(`cannot be re-derived: ${(error as Error).message}`);
  }
  const differences: JsonDifference[] = [];
  compareJson(JSON.parse(JSON.stringify(expected)) as unknown, doc, '', differences);
  return differences.map((d) => ({
    file: path,
    field: d.field,
    message: `expected ${show(d.expected)}, published ${show(d.published)}`,
  }));
}
