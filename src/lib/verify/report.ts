/** What a verification found, and the lines the command prints for it. */
import { formatProblem, type Finding } from '../input/problems.ts';
import { MANIFEST } from '../snapshot/manifest.ts';

export type { Finding };

/** What a verification found. */
export interface VerifyReport {
  /** How many `trace.json` files were found. */
  readonly traces: number;
  readonly reproduced: number;
  readonly differ: number;
  /** How many traces a published claim should have and does not (one per model, and its own address). */
  readonly missing?: number;
  /** Every difference and problem, in file order; model-level problems after the traces'. */
  readonly findings: readonly Finding[];
  /** What is worth saying but fails nothing (traces made by other engine code, a repository lock changed since). */
  readonly warnings: readonly Finding[];
  /** True when every trace was reproduced and nothing else is wrong. */
  readonly ok: boolean;
  /** For a snapshot (it has MANIFEST.sha256): how many files it has and how many do not match the manifest. */
  readonly manifest?: { readonly files: number; readonly mismatched: number };
  /** When the site publishes explanations: how many were worked again and how many differ. */
  readonly explanations?: { readonly checked: number; readonly differ: number };
}

/** How many findings the command line prints before summarising the rest. */
export const MAX_REPORTED = 20;

/** The report's lines: the count, the warnings, then the first findings, then how many more there were. */
export function reportLines(report: VerifyReport, limit = MAX_REPORTED): string[] {
  const lines =
    report.traces === 0
      ? ['0 traces found']
      : [
          `${report.reproduced} traces reproduced, ${report.differ} differ` +
            (report.missing ? `, ${report.missing} missing` : ''),
        ];
  if (report.explanations)
    lines.push(`${report.explanations.checked} explanations re-derived, ${report.explanations.differ} differ`);
  if (report.manifest) {
    const { files, mismatched } = report.manifest;
    const s = mismatched === 1 ? ' does' : 's do';
    lines.unshift(
      mismatched === 0 ? `${files} files match ${MANIFEST}` : `${mismatched} file${s} not match ${MANIFEST}`,
    );
  }
  lines.push(...report.warnings.map((w) => `warning: ${formatProblem(w)}`));
  const shown = report.traces === 0 ? report.findings : report.findings.slice(0, limit);
  lines.push(...shown.map(formatProblem));
  if (report.findings.length > shown.length)
    lines.push(`... and ${report.findings.length - shown.length} more differences not shown`);
  return lines;
}
