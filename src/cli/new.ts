/**
 * `ledger new claim <slug> [--content content] [--models models]`: writes the commented claim
 * template to `<content>/claims/<slug>.yaml`. It refuses a slug that cannot be a URL and a file
 * that already exists, and writes the file whole or not at all (a temporary file beside it,
 * linked into place only if the name is still free).
 */
import { existsSync, linkSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAIM_SLUG, claimTemplate } from '../lib/authoring/claimTemplate.ts';
import { display } from '../lib/input/readText.ts';
import { loadModels } from '../lib/input/load.ts';
import { absoluteUrl, schemaPath, siteOrigin } from '../lib/paths.ts';
import type { Problem } from '../lib/input/problems.ts';
import { failOn, UsageError, type Io } from './run.ts';

/** What `new` is called with. */
export interface NewOptions {
  readonly content: string;
  readonly models: string;
  /** The date written as `recorded`, YYYY-MM-DD (today, when the command line runs it). */
  readonly today: string;
}

/** Today's date in UTC, as YYYY-MM-DD. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** The longest slug `new` writes a file for: its name, `.yaml` and a temporary file's suffix stay under 255 bytes. */
export const MAX_SLUG_LENGTH = 200;

/** Writes a new claim file from the template; `args` are what follows `new`. */
export function newCommand(io: Io, args: readonly string[], options: NewOptions): number {
  const [kind, slug, ...rest] = args;
  if (kind !== 'claim')
    throw new UsageError(
      kind === undefined
        ? 'new needs what to make: new claim <slug>'
        : `new can only make a claim (new claim <slug>), not ${kind}`,
    );
  if (slug === undefined) throw new UsageError('new claim needs a slug, such as: new claim eastbrook-lead-limit');
  if (rest.length > 0) throw new UsageError(`new claim takes one slug, not also ${rest.join(' ')}`);

  const claims = join(options.content, 'claims');
  const file = join(claims, `${slug.length > MAX_SLUG_LENGTH ? `${slug.slice(0, 40)}…` : slug}.yaml`);
  const shown = display(file);
  const problem = (field: string, message: string): Problem => ({ file: shown, line: 1, field, message });
  if (slug.length > MAX_SLUG_LENGTH) {
    failOn([
      problem(
        '(file name)',
        `the slug is ${slug.length} characters; a slug may be at most ${MAX_SLUG_LENGTH}, since it names a file and a folder of the site`,
      ),
    ]);
  }
  if (!CLAIM_SLUG.test(slug)) {
    failOn([
      problem(
        '(file name)',
        `the slug ${JSON.stringify(slug)} must be lower-case words joined by hyphens, such as eastbrook-lead-limit, since it is the claim's URL`,
      ),
    ]);
  }
  if (!existsSync(options.content) || !statSync(options.content).isDirectory()) {
    failOn([
      {
        file: display(options.content),
        line: 1,
        field: '(folder)',
        message: 'content folder not found (--content names the folder that holds claims/)',
      },
    ]);
  }
  if (existsSync(file))
    failOn([
      problem(
        '(file name)',
        'a claim with this slug already exists; edit it, or pick another slug (nothing was written)',
      ),
    ]);

  const { models, defaultModel, problems } = loadModels(options.models);
  failOn(problems);
  const model = models.find((m) => m.id === defaultModel)!;
  const schemaUrl = absoluteUrl(schemaPath('claim'), siteOrigin());
  const text = claimTemplate({
    slug,
    modelId: model.id,
    model: model.model,
    today: options.today,
    file: shown,
    schemaUrl,
  });

  mkdirSync(claims, { recursive: true });
  const temporary = join(claims, `.${slug}.${process.pid}.partial`);
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    // A hard link fails if the name was taken meanwhile, so an existing claim is never replaced.
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' && existsSync(file)) {
      failOn([
        problem(
          '(file name)',
          'a claim with this slug already exists; edit it, or pick another slug (nothing was written)',
        ),
      ]);
    }
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  io.out(
    `Wrote ${shown} from the template (levels of ${model.id}).\n` +
      `Fill in every value left empty, then run: npm run -s ledger -- check\n` +
      `While npm run dev runs, the claim's page /claims/${slug}/ updates as you save.\n`,
  );
  return 0;
}
