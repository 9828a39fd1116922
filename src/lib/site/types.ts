/** The site's data as pages read it, whether a build scored it or a server reads it from the store. */
import type { Trace } from '../../engine/index.ts';
import type { LoadedModel } from '../input/load.ts';
import type { ClaimHistoryPage } from '../history/historyTypes.ts';
import type { SiteClaim, TraceSummary } from './records.ts';

/** Everything a page may show. */
export interface Site {
  /** Released models, the default first, then newest release first. */
  readonly models: readonly LoadedModel[];
  readonly defaultModel: LoadedModel;
  /** Claims, newest recorded first, then by slug. */
  readonly claims: readonly SiteClaim[];
  readonly codeHash: string;
  readonly buildDate: string;
  readonly commit: string | null;
  /** The whole trace of a claim under a model, working included (scored again if not recent). */
  trace(slug: string, model: string): Trace;
  /** A claim's trace under a model without its working: all that listings, feeds and data read. */
  summary(slug: string, model: string): TraceSummary;
  /** A model by id. */
  model(id: string): LoadedModel;
  /** A claim by slug. */
  claim(slug: string): SiteClaim;
  /** What a claim's history page shows: read from git in a build, from the trace store on a server. */
  history(slug: string): ClaimHistoryPage;
}
