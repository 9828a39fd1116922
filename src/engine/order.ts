/**
 * The one ordering of strings the ledger uses wherever an order is published or hashed: by UTF-16
 * code unit, as JavaScript's `<` compares and as the canonical JSON sorts keys. It never depends on
 * the machine's locale, so two builds anywhere list things in the same order.
 */

/** Compares two strings by code unit: negative, zero or positive, for `Array.prototype.sort`. */
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
