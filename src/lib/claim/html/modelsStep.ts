import { escapeAttribute, escapeHtml, stateBadgeHtml } from '../../render/markup.ts';
import { comparePath } from '../../paths.ts';
import { modelRows, type ModelRow } from '../steps/models.ts';
import type { TraceSummary } from '../../site/records.ts';
import type { StepProps } from '../stepLinks.ts';
import { stepHtml, tableWrapHtml } from './frame.ts';

/** What the models step is given: besides the page's trace, the claim's trace under every released model. */
export interface ModelsStepProps extends StepProps {
  readonly traces: readonly TraceSummary[];
  readonly defaultModel: string;
}

/** The claim under every released model at a glance, each row read from that model's own trace. */
export function modelsStepHtml({ trace, links, traces, defaultModel }: ModelsStepProps): string {
  const rows = modelRows(traces, trace.model, defaultModel);
  const compare =
    trace.model === defaultModel
      ? ''
      : ` See every number that differs between this model and the default: <a href="${escapeAttribute(comparePath(defaultModel, trace.model))}">compare <code>${escapeHtml(defaultModel)}</code> with <code>${escapeHtml(trace.model)}</code></a>.`;
  const table =
    '<table class="claim-models">' +
    `<caption>${rows.length} released ${rows.length === 1 ? 'model' : 'models'}, the default first; this page's model is marked</caption>\n` +
    '<thead>\n<tr><th scope="col">Model</th>\n<th scope="col">State</th>\n<th scope="col" class="num">Probability</th>\n<th scope="col">Stability</th>\n<th scope="col">Coverage</th>\n<th scope="col" class="num">Gradient</th>\n</tr>\n</thead>\n' +
    `<tbody>${rows.map(modelRowHtml).join('')}</tbody>\n` +
    '</table>\n';
  const body =
    '<p>The same claim and evidence, scored by each released model. Models are different sets of rules, so they may disagree; each row links to the full working under that model, and <a href="#every-model">the picture at the top of the page</a> draws their probabilities on one axis.' +
    `${compare}</p>\n` +
    tableWrapHtml('This claim under every model', table);
  return stepHtml('models', links, body);
}

/** One model's row of the table; this page's model is marked for sight and for screen readers. */
function modelRowHtml(row: ModelRow): string {
  const open = row.current ? '<tr class="is-current" aria-current="page">' : '<tr>';
  return (
    open +
    `<th scope="row"><a href="${escapeAttribute(row.href)}"><code>${escapeHtml(row.model)}</code></a>` +
    (row.isDefault ? ' <span class="claim-tag">default</span>' : '') +
    (row.current ? ' <span class="claim-tag claim-tag-current">this page</span>' : '') +
    '</th>\n' +
    `<td data-label="State">${stateBadgeHtml(row.state)}</td>\n` +
    `<td data-label="Probability" class="num">${row.probability === null ? '<span class="muted">no number</span>' : escapeHtml(row.probability)}</td>\n` +
    `<td data-label="Stability">${row.stability === null ? '<span class="muted">—</span>' : escapeHtml(row.stability)}</td>\n` +
    `<td data-label="Coverage">${escapeHtml(row.coverage)}</td>\n` +
    `<td data-label="Gradient" class="num">${escapeHtml(row.gradient)}</td>\n</tr>\n`
  );
}
