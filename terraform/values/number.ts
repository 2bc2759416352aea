// Terraform numbers are arbitrary-precision decimals (cty uses 512-bit big.Float). We keep a JS
// number when its shortest text is exactly the decimal we were given, and a DecimalNumber holding
// the canonical decimal text otherwise, so no digit is ever lost in a round trip.

/** A number that a JS double cannot carry without changing its decimal text. */
export class DecimalNumber {
  /** Canonical plain decimal text: no exponent, no redundant zeros, "-" only for negatives. */
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

export type TfNumber = number | DecimalNumber;

const DECIMAL_SYNTAX = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

export class NumberSyntaxError extends Error {}

/** Canonical plain decimal text of a decimal literal (accepts exponents and a leading sign). */
export function canonicalDecimal(literal: string): string {
  const match = DECIMAL_SYNTAX.exec(literal.trim());
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) {
    throw new NumberSyntaxError(`not a decimal number: ${JSON.stringify(literal)}`);
  }
  const negative = match[1] === "-";
  const intDigits = match[2] ?? "";
  const fracDigits = match[3] ?? "";
  const exponent = Number(match[4] ?? "0");
  if (!Number.isSafeInteger(exponent)) throw new NumberSyntaxError(`exponent out of range: ${literal}`);
  // value = digits × 10^(exponent - fracDigits.length)
  let digits = (intDigits + fracDigits).replace(/^0+/, "");
  let scale = exponent - fracDigits.length;
  if (digits === "") return "0";
  const trailingZeros = /0*$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailingZeros);
  scale += trailingZeros;
  if (Math.abs(scale) > 100_000) throw new NumberSyntaxError(`number too large to represent: ${literal}`);
  let text: string;
  if (scale >= 0) {
    text = digits + "0".repeat(scale);
  } else {
    const pointAt = digits.length + scale;
    text =
      pointAt > 0
        ? `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`
        : `0.${"0".repeat(-pointAt)}${digits}`;
  }
  return negative ? `-${text}` : text;
}

/** Canonical decimal text of a number value; ±Infinity as "+Inf"/"-Inf" (cty's spelling). */
export function numberText(n: TfNumber): string {
  if (n instanceof DecimalNumber) return n.text;
  if (Number.isNaN(n)) throw new NumberSyntaxError("NaN is not a Terraform number");
  if (n === Infinity) return "+Inf";
  if (n === -Infinity) return "-Inf";
  return canonicalDecimal(String(n));
}

/** Parses decimal text (JSON number, cty string, exponent form) without losing precision. */
export function parseNumber(literal: string): TfNumber {
  const trimmed = literal.trim();
  if (trimmed === "+Inf" || trimmed === "Inf" || trimmed === "+Infinity" || trimmed === "Infinity")
    return Infinity;
  if (trimmed === "-Inf" || trimmed === "-Infinity") return -Infinity;
  const canonical = canonicalDecimal(trimmed);
  const asDouble = Number(canonical);
  if (Number.isFinite(asDouble) && canonicalDecimal(String(asDouble)) === canonical) {
    return asDouble === 0 ? 0 : asDouble;
  }
  return new DecimalNumber(canonical);
}

/** Normalises a JS number or decimal text into the canonical TfNumber form. */
export function toTfNumber(value: number | bigint | string | DecimalNumber): TfNumber {
  if (value instanceof DecimalNumber) return parseNumber(value.text);
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw new NumberSyntaxError("NaN is not a Terraform number");
    return value === 0 ? 0 : value;
  }
  return parseNumber(value.toString());
}

/** Nearest JS double (lossy for DecimalNumber): for code that only needs an approximate value. */
export function numberToDouble(n: TfNumber): number {
  return n instanceof DecimalNumber ? Number(n.text) : n;
}

export function numbersEqual(a: TfNumber, b: TfNumber): boolean {
  return numberText(a) === numberText(b);
}

export function isIntegral(n: TfNumber): boolean {
  if (n instanceof DecimalNumber) return !n.text.includes(".");
  return Number.isInteger(n);
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The value as a bigint when it is an integer that fits int64 (msgpack's compact int form). */
export function asInt64(n: TfNumber): bigint | undefined {
  if (!isIntegral(n) || (typeof n === "number" && !Number.isFinite(n))) return undefined;
  const big = BigInt(numberText(n));
  return big >= INT64_MIN && big <= INT64_MAX ? big : undefined;
}

/** True when the double equals its own shortest decimal text exactly (e.g. 2.5, not 0.1). */
export function isExactDouble(n: number): boolean {
  if (!Number.isFinite(n)) return true;
  if (Number.isInteger(n)) return true;
  const text = canonicalDecimal(String(n));
  const negative = text.startsWith("-");
  const [intPart = "", fracPart = ""] = (negative ? text.slice(1) : text).split(".");
  const scaledDecimal = BigInt(intPart + fracPart); // value × 10^k
  const k = BigInt(fracPart.length);
  const { mantissa, exponent } = decomposeDouble(Math.abs(n)); // value = mantissa × 2^exponent
  if (exponent >= 0) return scaledDecimal === mantissa * 2n ** BigInt(exponent) * 10n ** k;
  return mantissa * 10n ** k === scaledDecimal * 2n ** BigInt(-exponent);
}

function decomposeDouble(value: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const biasedExponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  if (biasedExponent === 0) return { mantissa: fraction, exponent: -1074 };
  return { mantissa: fraction | (1n << 52n), exponent: biasedExponent - 1075 };
}
