/**
 * How a figure is written for a reader (issue 13's one number format): the trace's own decimal
 * string, every place kept, with a leading hyphen-minus shown as the minus sign "−" that formulas
 * use. Data files, traces and text alternatives keep the trace's string as it is.
 */

/** `value` (a decimal string such as "-1.000000") as a reader sees it: "−1.000000". */
export function minus(value: string): string {
  return value.startsWith('-') ? `−${value.slice(1)}` : value;
}
