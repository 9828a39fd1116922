/** The `ledger` command line: `npm run -s ledger -- <command>`. */
import { parseArgs } from 'node:util';
import { diffCommand, diffFormatOf } from '../src/cli/diff.ts';
import { checkCommand, checkFormat } from '../src/cli/check.ts';
import { newCommand, todayUtc } from '../src/cli/new.ts';
import { releaseCommand } from '../src/cli/release.ts';
import { processIo, runCommand, UsageError } from '../src/cli/run.ts';
import { scoreCommand } from '../src/cli/score.ts';
import { snapshotCommand } from '../src/cli/snapshot.ts';
import { verifyCommand } from '../src/cli/verify.ts';

const USAGE = `Usage: npm run -s ledger -- <command>

  score <claim.yaml>... --model <id|file> [--models <dir>]
                       print each claim's trace (JSON; JSON Lines for several files)
  check [--content <dir>] [--models <dir>] [--format text|github]
                       validate every model and claim; print each problem as file:line: field: message
                       (--format github: as GitHub Actions annotations, on the line in a pull request)
  new claim <slug> [--content <dir>] [--models <dir>]
                       write <content>/claims/<slug>.yaml, a commented template to fill in
  release <model file> record a new model's config hash in released.lock
  verify <dir>         re-score every trace.json of a built site from its own inputs; exit 1 if any differ
  diff <revision> [--json | --format markdown] [--content <dir>] [--models <dir>]
                       every claim × model whose state or probability differs between a git revision and the working tree
  snapshot [--dist <dir>] [--out <dir>] [--publish]
                       write the built site's offline archive (.zip, its .sha256, and a .wacz);
                       --publish also puts them in the site's archive/ and lists them on its page
  help                 print this text
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  return runCommand(processIo, () => {
    switch (command) {
      case 'score': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { model: { type: 'string' }, models: { type: 'string', default: 'models' } },
        });
        return scoreCommand(processIo, positionals, { model: values.model, models: values.models });
      }
      case 'check': {
        const { values } = parseArgs({
          args: rest,
          options: {
            content: { type: 'string', default: 'content' },
            models: { type: 'string', default: 'models' },
            format: { type: 'string' },
          },
        });
        return checkCommand(processIo, {
          content: values.content,
          models: values.models,
          format: checkFormat(values.format),
        });
      }
      case 'new': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { content: { type: 'string', default: 'content' }, models: { type: 'string', default: 'models' } },
        });
        return newCommand(processIo, positionals, {
          content: values.content,
          models: values.models,
          today: todayUtc(),
        });
      }
      case 'release': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true });
        return releaseCommand(processIo, positionals[0]);
      }
      case 'verify': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true });
        return verifyCommand(processIo, positionals, { cwd: process.cwd(), progress: process.stderr.isTTY === true });
      }
      case 'diff': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            json: { type: 'boolean', default: false },
            format: { type: 'string' },
            content: { type: 'string', default: 'content' },
            models: { type: 'string', default: 'models' },
          },
        });
        return diffCommand(processIo, positionals, {
          content: values.content,
          models: values.models,
          format: diffFormatOf(values.format, values.json),
        });
      }
      case 'snapshot': {
        const { values } = parseArgs({
          args: rest,
          options: {
            dist: { type: 'string', default: process.env['LEDGER_DIST'] ?? 'dist' },
            out: { type: 'string', default: 'snapshots' },
            publish: { type: 'boolean', default: false },
          },
        });
        return snapshotCommand(
          processIo,
          { dist: values.dist, out: values.out, publish: values.publish },
          { cwd: process.cwd(), progress: process.stderr.isTTY === true, env: process.env },
        );
      }
      case 'help':
      case '--help':
      case undefined:
        processIo.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  });
}

process.exitCode = await main(process.argv.slice(2));
