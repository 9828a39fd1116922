/**
 * The LaTeX of a model page's formulas: pure functions of a model or a trace, so that every
 * number in a formula is the model's or the trace's own. `tex()` renders them at build time.
 */
import type { Model, Trace } from '../../engine/index.ts';
import type { InterpretationLine } from './modelView.ts';

/** Adds a term with its sign: `+ 1.2` or `- 0.35`. */
const signed = (value: string): string => (value.startsWith('-') ? `- ${value.slice(1)}` : `+ ${value}`);

/** One link's weight as the product of its five factors. */
export function factorProductLatex(): string {
  return String.raw`\begin{aligned} w &= \text{relevance} \times \text{observation} \\ &\quad \times \text{interpretation} \times \text{authenticity} \\ &\quad \times \text{extraction} \end{aligned}`;
}

/** The prior as log-odds plus the kept weights gives the posterior log-odds. */
export function posteriorLatex(): string {
  return String.raw`\begin{aligned} x &= \underbrace{\ln \frac{p_0}{1 - p_0}}_{\text{prior as log-odds}} \\ &\quad + \sum_{\text{kept, supporting}} w \\ &\quad - \sum_{\text{kept, opposing}} w \end{aligned}`;
}

/** The logistic step from log-odds to a probability. */
export function logisticLatex(): string {
  return String.raw`p = \frac{1}{1 + e^{-x}}`;
}

/** The interpretation factor, in general and with the model's own step cost and floor. */
export function interpretationLatex(model: Model): string {
  const { stepCost, floor } = model.interpretation;
  return String.raw`\text{interpretation} = \max(\text{floor},\ 1 - \text{stepCost} \times n) = \max(${floor},\ 1 - ${stepCost} \times n)`;
}

/** The worked interpretation line, "1 − 0.15 × 2 = 0.70", with the floor shown when it binds. */
export function interpretationWorkedLatex(line: InterpretationLine): string {
  const product = String.raw`1 - ${line.stepCost} \times ${line.steps}`;
  return line.floored
    ? String.raw`\max(${line.floor},\ ${product}) = \max(${line.floor},\ ${line.raw}) = ${line.shown}`
    : `${product} = ${line.shown}`;
}

/** Stability's re-scores with the model's scales. */
export function stabilityLatex(model: Model): string {
  const scales = model.stability.scales.join(',\\ ');
  return String.raw`p_s = \frac{1}{1 + e^{-(\text{prior} + s \times \text{kept sum})}}, \quad s \in \{${scales}\}`;
}

/** The gradient, a weighted mean of votes. */
export function gradientLatex(): string {
  return String.raw`G = \frac{\sum_{i=1}^{n} v_i \, w_i}{\sum_{i=1}^{n} w_i}`;
}

/** A worked example's prior: `ln(p / (1 − p)) = log-odds`, from the trace. Null when the claim is not scored. */
export function workedPriorLatex(trace: Trace): string | null {
  const prior = trace.working.prior;
  if (!prior) return null;
  return String.raw`\ln \frac{${prior.probability}}{1 - ${prior.probability}} = ${prior.logOdds}`;
}

/**
 * A worked example's sum: the prior's log-odds plus each counted link's signed weight equals the
 * posterior log-odds, every figure from the trace. Long sums break every two terms, so that a line fits a phone.
 */
export function workedSumLatex(trace: Trace): string | null {
  const { prior, sum } = trace.working;
  if (!prior || !sum) return null;
  const terms = trace.working.links.filter((l) => l.kept).map((l) => signed(l.signedWeight));
  const lines: string[] = [];
  for (let i = 0; i < terms.length; i += 2) lines.push(terms.slice(i, i + 2).join(' '));
  if (lines.length <= 1) return `x = ${prior.logOdds} ${lines[0] ?? ''} = ${sum.posteriorLogOdds}`;
  return String.raw`\begin{aligned} x &= ${prior.logOdds} ${lines[0]} \\ ${lines
    .slice(1)
    .map((l) => `&\\quad ${l}`)
    .join(' \\\\ ')} \\ &= ${sum.posteriorLogOdds} \end{aligned}`;
}

/** A worked example's logistic step, from the trace. */
export function workedProbabilityLatex(trace: Trace): string | null {
  const { sum, probability } = trace.working;
  if (!sum || !probability) return null;
  const x = sum.posteriorLogOdds;
  const exponent = x.startsWith('-') ? x.slice(1) : `-${x}`;
  return String.raw`p = \frac{1}{1 + e^{${exponent}}} = ${probability.rounded}`;
}
