/**
 * How a figure is written for a reader (issue 13's one number format). The rule, once:
 *
 * 1. A figure is the trace's own decimal string. It is never rounded or cut again for display,
 *    except where a page says so with an ellipsis (`cutDecimal`) and keeps the full value at hand.
 * 2. A negative figure shows the minus sign "−" that formulas use, never the hyphen-minus "-",
 *    in table cells and in prose alike (`minus`, on every figure a sentence quotes).
 * 3. A column of figures shows one number of places: each is padded with zeros to the most places
 *    any figure of the column has (`columnPlaces`, `padding`). Padding with zeros keeps the value
 *    exact, so no figure reads differently from the trace.
 * 4. A weight is shown unsigned; words say whether it adds to or subtracts from the log-odds.
 *
 * Data files, traces, `data-field` paths and text alternatives keep the trace's string as it is.
 */

const DECIMAL = /^[-+]?\d+(\.\d+)?$/;

/** `value` (a decimal string such as "-1.000000") as a reader sees it: "−1.000000". */
export function minus(value: string): string {
  return value.startsWith('-') ? `−${value.slice(1)}` : value;
}

/** Whether `text` is one plain decimal figure such as "-0.7" or "12", the only text `minus` rewrites in a figure. */
export function isFigure(text: string): boolean {
  return DECIMAL.test(text);
}

/** The number of decimal places of a decimal string: 2 for "0.02", 0 for "800". */
export function placesOf(value: string): number {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}

/** The places a column of figures is shown with: the most any of them has. */
export function columnPlaces(values: readonly string[]): number {
  return values.reduce((most, v) => Math.max(most, placesOf(v)), 0);
}

/**
 * The zeros (and the decimal point, for a whole number) that bring `value` to `places` places:
 * "0.02" to 7 places needs "00000". Never cuts: a figure with more places than its column is a bug
 * in the page, so it stops the build rather than show a rounded figure.
 */
export function padding(value: string, places: number): string {
  const has = placesOf(value);
  if (has > places) throw new Error(`figure ${value} has more than the column's ${places} places`);
  if (has === places) return '';
  return `${has === 0 ? '.' : ''}${'0'.repeat(places - has)}`;
}

/** `value` shown in a column of `places` places: "−0.7" becomes "−0.700000" at 6. */
export function inColumn(value: string, places: number): string {
  return minus(value) + padding(value, places);
}
