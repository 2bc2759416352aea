// Exact ordering of Terraform numbers (doubles or DecimalNumbers), for range validation: comparing
// nearest doubles would misjudge bounds on big or very precise values.
import { numberText, type TfNumber } from "./number.js";

function parts(text: string): { negative: boolean; digits: bigint; scale: number } {
  const negative = text.startsWith("-");
  const [int = "0", frac = ""] = (negative ? text.slice(1) : text).split(".");
  return { negative, digits: BigInt(int + frac), scale: frac.length };
}

/** Negative, zero or positive as a < b, a = b, a > b. Infinities order as expected. */
export function compareNumbers(a: TfNumber, b: TfNumber): number {
  const x = numberText(a);
  const y = numberText(b);
  const infinity = (t: string): number => (t === "+Inf" ? 1 : t === "-Inf" ? -1 : 0);
  if (infinity(x) !== 0 || infinity(y) !== 0) return infinity(x) - infinity(y);
  const left = parts(x);
  const right = parts(y);
  const scale = Math.max(left.scale, right.scale);
  const l = (left.negative ? -1n : 1n) * left.digits * 10n ** BigInt(scale - left.scale);
  const r = (right.negative ? -1n : 1n) * right.digits * 10n ** BigInt(scale - right.scale);
  return l < r ? -1 : l > r ? 1 : 0;
}
