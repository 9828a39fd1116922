/** The released models as the what-if panel receives them: a classic script setting one global. */
import type { Model } from '../../engine/index.ts';
import type { Site } from '../site/types.ts';

/** What `what-if/models.js` hands the panel. */
export interface WhatIfModels {
  /** The site's default model. */
  readonly default: string;
  /** Every released model, the default first, as the site lists them. */
  readonly models: readonly { readonly id: string; readonly model: Model }[];
}

/**
 * The script's text. `<` is written as `\u003c`, so that no text of a model can close a script
 * element or open a comment, wherever the script is read.
 */
export function modelsScript(site: Pick<Site, 'models' | 'defaultModel'>): string {
  const data: WhatIfModels = {
    default: site.defaultModel.id,
    models: site.models.map(({ id, model }) => ({ id, model })),
  };
  return `window.ledgerWhatIfModels = ${JSON.stringify(data).replaceAll('<', '\\u003c')};\n`;
}
