// Just enough ASN.1 DER writing to build one self-signed X.509 certificate (node:crypto makes and
// uses keys, but cannot issue certificates).

const concat = (parts: readonly Uint8Array[]): Uint8Array => Buffer.concat(parts.map((p) => Buffer.from(p)));

function lengthBytes(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export function tlv(tag: number, content: Uint8Array): Uint8Array {
  return concat([Uint8Array.of(tag), lengthBytes(content.length), content]);
}

export const sequence = (...items: Uint8Array[]): Uint8Array => tlv(0x30, concat(items));
export const set = (...items: Uint8Array[]): Uint8Array => tlv(0x31, concat(items));
export const boolean = (value: boolean): Uint8Array => tlv(0x01, Uint8Array.of(value ? 0xff : 0x00));
export const octetString = (content: Uint8Array): Uint8Array => tlv(0x04, content);
export const utf8String = (text: string): Uint8Array => tlv(0x0c, new TextEncoder().encode(text));
/** A context-specific constructed wrapper: `[n] EXPLICIT`. */
export const explicit = (n: number, inner: Uint8Array): Uint8Array => tlv(0xa0 | n, inner);
/** A context-specific primitive tag: `[n] IMPLICIT` over raw content bytes. */
export const implicitPrimitive = (n: number, content: Uint8Array): Uint8Array => tlv(0x80 | n, content);

/** BIT STRING with the given number of unused trailing bits in the last byte. */
export const bitString = (content: Uint8Array, unusedBits = 0): Uint8Array =>
  tlv(0x03, concat([Uint8Array.of(unusedBits), content]));

/** A non-negative INTEGER from big-endian magnitude bytes (a 0x00 pad keeps the sign bit clear). */
export function unsignedInteger(magnitude: Uint8Array): Uint8Array {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const trimmed = magnitude.subarray(start);
  const needsPad = ((trimmed[0] ?? 0) & 0x80) !== 0;
  return tlv(0x02, needsPad ? concat([Uint8Array.of(0), trimmed]) : trimmed);
}

export function objectIdentifier(dotted: string): Uint8Array {
  const arcs = dotted.split(".").map(Number);
  const [first = 0, second = 0, ...rest] = arcs;
  const bytes: number[] = [first * 40 + second];
  for (const arc of rest) {
    const chunk: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) chunk.unshift((n & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(bytes));
}

/** UTCTime for 1950–2049, GeneralizedTime otherwise (RFC 5280 §4.1.2.5). */
export function time(date: Date): Uint8Array {
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = iso.slice(0, 19).replace(/[-T:]/g, "");
  const year = date.getUTCFullYear();
  if (year >= 1950 && year < 2050) return tlv(0x17, new TextEncoder().encode(`${digits.slice(2)}Z`));
  return tlv(0x18, new TextEncoder().encode(`${digits}Z`));
}
