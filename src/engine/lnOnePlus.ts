/**
 * ln(1 + max(0, r)) for a voter's reputation r, at 40 digits. It depends on the reputation alone,
 * not on the model, so each distinct reputation is worked out once per process (a memo: the same
 * reputation always gives the same value) however many votes and models use it.
 */
import { Decimal, plain } from './decimal.ts';
import { tenTo, type Scientific } from './fixedPoint.ts';
import { ln40, ln40DigitsOf } from './ln40.ts';
import { plainText } from './units.ts';

/** ln(1 + max(0, r)) and its plain decimal string. */
export interface LnOnePlus {
  readonly ln: Decimal;
  readonly lnText: string;
  /** The same value as `coefficient × 10^exponent` (coefficient ≥ 0), where it was worked so. */
  readonly digits: Scientific | null;
}

/** A positive reputation written plainly: digits, an optional point and digits. */
const PLAIN = /^([0-9]+)(?:\.([0-9]+))?$/;

/** ln(1 + max(0, r)) through decimal.js (the fallback counted when ln40 cannot decide). */
function slow(reputation: Decimal | string): LnOnePlus {
  const ln = ln40(Decimal.max(0, reputation).plus(1));
  return new FromDigits(plain(ln), null, ln);
}

/** ln(1 + r) from r's digits, its Decimal made on first use; null where decimal.js must decide. */
function fromDigits(text: string): LnOnePlus | null {
  const match = PLAIN.exec(text);
  if (match === null) return null;
  const places = match[2]?.length ?? 0;
  const r = BigInt(`${match[1]}${match[2] ?? ''}`);
  // ln 1 = 0 exactly (ln40 leaves it to decimal.js, which gives 0); places past exact powers of ten
  // in doubles are left to decimal.js.
  if (r === 0n) return LN_ONE;
  if (places > 22) return null;
  // 1 + r exactly, and as a double (one rounding in Number, one in the division).
  const y = r + tenTo(places);
  const digits = ln40DigitsOf(y, places, Number(y) / 10 ** places);
  if (digits === null) return null;
  return new FromDigits(plainText(digits.coefficient, -digits.exponent), digits, null);
}

/**
 * ln(1 + r) worked from digits, its Decimal made on first use (a class, not a literal with a
 * getter: such a literal keeps its properties in a dictionary, slow to make and to read). The
 * fallback's value is one too, with its Decimal given and no digits: the scorer's optimised code,
 * having met only values worked from digits, would otherwise be thrown away at the first
 * reputation left to decimal.js.
 */
class FromDigits implements LnOnePlus {
  constructor(
    readonly lnText: string,
    readonly digits: Scientific | null,
    private decimal: Decimal | null,
  ) {}

  get ln(): Decimal {
    // Without digits the Decimal was given.
    this.decimal ??= new Decimal(`${this.digits!.coefficient}e${this.digits!.exponent}`);
    return this.decimal;
  }
}

/**
 * ln(1 + 0): 0, written `0`, as decimal.js gives it, with its digits (so that a vote weight is
 * worked from digits here too, as for every other reputation: the scorer's optimised code, having
 * met no other kind, is not thrown away at the first vote of reputation 0). Written 0 × 10^−1: an
 * exponent of 0 would be negated to −0 where the vote weight reads its places, another such throw.
 */
const LN_ONE = new FromDigits('0', { coefficient: 0n, exponent: -1 }, new Decimal(0));

/** Distinct reputations kept; past this the memo starts again, so memory stays bounded. */
const MAX_ENTRIES = 100_000;
const memo = new Map<string, LnOnePlus>();

/** ln(1 + max(0, r)) at 40 significant digits, as decimal.js's `ln` gives it. */
export function lnOnePlus(reputation: Decimal | string): LnOnePlus {
  const key = typeof reputation === 'string' ? reputation : reputation.toFixed();
  let found = memo.get(key);
  if (found === undefined) {
    found = (typeof reputation === 'string' ? fromDigits(reputation) : null) ?? slow(reputation);
    if (memo.size >= MAX_ENTRIES) memo.clear();
    memo.set(key, found);
  }
  return found;
}
