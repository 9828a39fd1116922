/**
 * One claim's history: each committed revision validated as the loader would validate it now,
 * described in words against the revision before it, and scored under the model that was the
 * default then and under today's default (both released models, so the traces verify).
 */
import type { Claim } from '../../engine/index.ts';
import type { LoadedModel } from '../input/load.ts';
import type { SiteClaim, TraceSummary } from '../site/records.ts';
import type { Parsed } from '../input/yamlSource.ts';
import { formatProblem, type Problem } from '../input/problems.ts';
import { checkLevels } from '../input/validate.ts';
import { describeChange } from './changeWords.ts';
import { claimFromBytes } from './ledgerFromFiles.ts';
import type { Revision } from './read.ts';

/** A revision's result under one model, or why there is none. */
export interface ScoreThen {
  /** The model's id, or null when there was no default model then. */
  readonly model: string | null;
  /** The trace's summary (a history page shows its result; its trace.json is scored again on demand). */
  readonly trace: TraceSummary | null;
  /** Why there is no trace (no default then, a model not released now, a file that does not validate). */
  readonly why: string | null;
}

/** A revision as the history page shows it. */
export interface HistoryEntry {
  readonly revision: Omit<Revision, 'bytes'>;
  /** What this revision changed, one sentence each. */
  readonly changes: readonly string[];
  /** Why the file does not validate today (`file:line: field: message`), else empty. */
  readonly problems: readonly string[];
  /** Under the model that was the default at the commit. */
  readonly then: ScoreThen;
  /** Under today's default model. */
  readonly today: ScoreThen;
  /** True when the state or probability under today's default is not the one of the revision before. */
  readonly scoreChanged: boolean;
}

/** Scores a claim under a released model by id (the scorers are made once per build), keeping the summary. */
export type ScoreWith = (model: LoadedModel, slug: string, claim: Claim) => TraceSummary;

const outcome = (s: ScoreThen): string | null =>
  s.trace === null ? null : `${s.trace.result.state} ${s.trace.result.probability ?? ''}`;

/**
 * The history of one claim from its revisions (oldest first), scored with today's released models;
 * `current` is the file the site was built from and the claim loaded from it, which a revision with
 * the same bytes reuses rather than parsing them again.
 */
export function claimHistory(
  revisions: readonly Revision[],
  models: readonly LoadedModel[],
  todayDefault: string,
  score: ScoreWith,
  current: { readonly bytes: Uint8Array; readonly claim: SiteClaim } | null = null,
): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  let previous: Claim | null = null;
  let previousSlug: string | null = null;
  let previousOutcome: string | null = null;
  for (const { bytes, ...revision } of revisions) {
    const label = `${revision.short}:${revision.path}`;
    // A revision with the bytes the site was built from is the claim the loader already read.
    const same =
      current !== null &&
      current.claim.slug === revision.slug &&
      Buffer.compare(Buffer.from(bytes), Buffer.from(current.bytes)) === 0;
    const { loaded, problems }: { loaded: (SiteClaim & { parsed?: Parsed }) | null; problems: readonly Problem[] } =
      same
        ? { loaded: current.claim, problems: [] }
        : claimFromBytes({ label, name: `${revision.slug}.yaml`, bytes }, []);
    const renamedFrom = previousSlug !== null && previousSlug !== revision.slug ? previousSlug : null;
    const under = (id: string | null): ScoreThen => {
      if (id === null) return { model: null, trace: null, why: 'No default model was named at this commit.' };
      const model = models.find((m) => m.id === id);
      if (model === undefined)
        return { model: id, trace: null, why: `${id} is not a released model today, so it cannot be scored again.` };
      if (loaded === null) return { model: id, trace: null, why: 'The file did not validate at this revision.' };
      // The claim the site was built from had its levels checked against every model when it was loaded.
      const levels = loaded.parsed === undefined ? [] : checkLevels(loaded.parsed, loaded.claim, model.model);
      if (levels.length > 0)
        return {
          model: id,
          trace: null,
          why: `It uses a level ${id} does not define: ${levels.map(formatProblem).join('; ')}`,
        };
      return { model: id, trace: score(model, revision.slug, loaded.claim), why: null };
    };
    const then = under(revision.defaultModel);
    const today = under(todayDefault);
    const now = outcome(today);
    entries.push({
      revision,
      changes:
        loaded === null
          ? [
              ...(renamedFrom ? [`File renamed from ${renamedFrom}.yaml.`] : []),
              'The file does not validate today, so what changed cannot be read.',
            ]
          : describeChange(previous, loaded.claim, renamedFrom),
      problems: problems.map(formatProblem),
      then,
      today,
      scoreChanged: now !== null && now !== previousOutcome,
    });
    if (loaded !== null) previous = loaded.claim;
    previousSlug = revision.slug;
    if (now !== null) previousOutcome = now;
  }
  return entries;
}
