/** The independence groups step of a claim page. */
import { fieldOf } from '../fields.ts';
import { groupsView, type GroupMember, type GroupView } from '../steps/groups.ts';
import type { StepProps } from '../stepLinks.ts';
import { escapeAttribute, escapeHtml, fieldHtml } from '../../render/markup.ts';
import { stepHtml, tableWrapHtml } from './frame.ts';

/** One link of a group: its id, its weight, and whether it counts or which link was kept instead. */
function memberHtml(m: GroupMember, everyLinkCounts: boolean): string {
  const counts = m.kept
    ? `<span class="claim-kept">${everyLinkCounts ? 'counts' : 'kept'}</span>`
    : `<span>dependent, strongest only (kept: <a href="#${escapeAttribute(m.keptAnchor!)}"><code>${escapeHtml(m.keptLink!)}</code></a>)</span>`;
  return `<li${m.kept ? '' : ' class="dependent"'}><a href="${escapeAttribute(`#${m.anchor}`)}"><code>${escapeHtml(m.id)}</code></a> (${fieldHtml(m.weight, undefined, 'num')}) ${counts}</li>\n`;
}

/** One group's row: its source, its direction and its links. */
function groupHtml(group: GroupView, everyLinkCounts: boolean): string {
  const source = group.source.name ? fieldHtml(group.source.name) : `<code>${escapeHtml(group.source.id)}</code>`;
  const members = group.members.map((m) => memberHtml(m, everyLinkCounts)).join('');
  return (
    `<tr>\n<th scope="row">${source}</th>\n` +
    `<td data-label="Direction"><span class="${escapeAttribute(`claim-direction ${group.direction}`)}">${escapeHtml(group.direction)}</span></td>\n` +
    `<td data-label="Links (weight)">\n<ul class="claim-group-links">${members}</ul>\n</td>\n</tr>\n`
  );
}

/** Step 3: the independence groups (source × direction) with their kept and dependent links. */
export function groupsStepHtml({ trace, links }: StepProps): string {
  const view = groupsView(trace);
  const strategy = view.everyLinkCounts
    ? '<strong>Under count-every-link every link counts</strong> : nothing is set aside, even when several links came from the same source, so one story told twice is counted twice.'
    : 'Links are grouped by where they came from and which way they point; in each group only the strongest weight counts, and the rest stay in the working at 0, marked <em>dependent, strongest only</em>.';
  const table =
    `<table class="claim-groups">\n<caption>${escapeHtml(view.caption)}</caption>\n` +
    `<thead>\n<tr><th scope="col">Source</th>\n<th scope="col">Direction</th>\n<th scope="col">Links (weight)</th>\n</tr>\n</thead>\n` +
    `<tbody>${view.groups.map((group) => groupHtml(group, view.everyLinkCounts)).join('')}</tbody>\n</table>\n`;
  const body =
    `<p>Strategy: ${fieldHtml(fieldOf(trace, 'working.independence'), 'code')}. ${strategy}</p>\n` +
    (view.groups.length === 0
      ? '<p class="notice">No links, so no groups.</p>\n'
      : tableWrapHtml('Independence groups', table));
  return stepHtml('groups', links, body);
}
