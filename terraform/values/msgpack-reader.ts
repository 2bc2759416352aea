// A small MessagePack reader producing a neutral tree. We read the bytes ourselves (rather than
// with @msgpack/msgpack's decoder) so that map keys such as "__proto__" stay plain data, integers
// beyond 2^53 stay exact (bigint), and str/bin/ext stay distinguishable.

export class MsgpackMap {
  readonly entries: readonly (readonly [MsgpackNode, MsgpackNode])[];
  constructor(entries: readonly (readonly [MsgpackNode, MsgpackNode])[]) {
    this.entries = entries;
  }
}

export class MsgpackExt {
  readonly type: number;
  readonly data: Uint8Array;
  constructor(type: number, data: Uint8Array) {
    this.type = type;
    this.data = data;
  }
}

/** Integers that are not safe JS integers come back as bigint; floats as number. */
export type MsgpackNode =
  null | boolean | number | bigint | string | Uint8Array | readonly MsgpackNode[] | MsgpackMap | MsgpackExt;

export class MsgpackFormatError extends Error {}

export const MAX_DEPTH = 512;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads exactly one MessagePack item; trailing bytes are an error. */
export function readMsgpack(bytes: Uint8Array): MsgpackNode {
  const reader = new Reader(bytes);
  const node = reader.read(0);
  if (reader.position !== bytes.length) {
    throw new MsgpackFormatError(`${bytes.length - reader.position} unexpected trailing bytes`);
  }
  return node;
}

/** A cursor over MessagePack bytes: whole items (read), or a container's header alone (for typed decoding). */
export class Reader {
  position = 0;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  read(depth: number): MsgpackNode {
    if (depth > MAX_DEPTH) throw new MsgpackFormatError("nesting too deep");
    const head = this.u8();
    if (head <= 0x7f) return head;
    if (head >= 0xe0) return head - 0x100;
    if (head >= 0x80 && head <= 0x8f) return this.map(head & 0x0f, depth);
    if (head >= 0x90 && head <= 0x9f) return this.array(head & 0x0f, depth);
    if (head >= 0xa0 && head <= 0xbf) return this.str(head & 0x1f);
    switch (head) {
      case 0xc0:
        return null;
      case 0xc2:
        return false;
      case 0xc3:
        return true;
      case 0xc4:
        return this.take(this.u8()).slice();
      case 0xc5:
        return this.take(this.u16()).slice();
      case 0xc6:
        return this.take(this.u32()).slice();
      case 0xc7:
        return this.ext(this.u8());
      case 0xc8:
        return this.ext(this.u16());
      case 0xc9:
        return this.ext(this.u32());
      case 0xca:
        return this.fixed(4, (o) => this.view.getFloat32(o));
      case 0xcb:
        return this.fixed(8, (o) => this.view.getFloat64(o));
      case 0xcc:
        return this.u8();
      case 0xcd:
        return this.u16();
      case 0xce:
        return this.u32();
      case 0xcf:
        return safeInteger(this.fixed(8, (o) => this.view.getBigUint64(o)));
      case 0xd0:
        return this.fixed(1, (o) => this.view.getInt8(o));
      case 0xd1:
        return this.fixed(2, (o) => this.view.getInt16(o));
      case 0xd2:
        return this.fixed(4, (o) => this.view.getInt32(o));
      case 0xd3:
        return safeInteger(this.fixed(8, (o) => this.view.getBigInt64(o)));
      case 0xd4:
        return this.ext(1);
      case 0xd5:
        return this.ext(2);
      case 0xd6:
        return this.ext(4);
      case 0xd7:
        return this.ext(8);
      case 0xd8:
        return this.ext(16);
      case 0xd9:
        return this.str(this.u8());
      case 0xda:
        return this.str(this.u16());
      case 0xdb:
        return this.str(this.u32());
      case 0xdc:
        return this.array(this.u16(), depth);
      case 0xdd:
        return this.array(this.u32(), depth);
      case 0xde:
        return this.map(this.u16(), depth);
      case 0xdf:
        return this.map(this.u32(), depth);
      default:
        throw new MsgpackFormatError(
          `invalid MessagePack byte 0x${head.toString(16)} at ${this.position - 1}`,
        );
    }
  }

  /** The next byte, not consumed. */
  peek(): number {
    this.ensure(1);
    return this.bytes[this.position] as number;
  }

  /**
   * Consumes the next item when it is a string of exactly these UTF-8 bytes (an expected object
   * attribute name), without decoding it; else leaves it in place.
   */
  stringEquals(expected: Uint8Array): boolean {
    const head = this.peek();
    let start = this.position + 1;
    let length: number;
    if (head >= 0xa0 && head <= 0xbf) length = head & 0x1f;
    else if (head === 0xd9 && start < this.bytes.length) length = this.bytes[start++] as number;
    else return false;
    if (length !== expected.length || start + length > this.bytes.length) return false;
    for (let i = 0; i < length; i++) if (this.bytes[start + i] !== expected[i]) return false;
    this.position = start + length;
    return true;
  }

  /** The element count of the array that starts here (consumed), or undefined when none starts here. */
  arrayHeader(): number | undefined {
    return this.collectionHeader(0x90, 0xdc, 1);
  }

  /** The entry count of the map that starts here (consumed), or undefined when none starts here. */
  mapHeader(): number | undefined {
    return this.collectionHeader(0x80, 0xde, 2);
  }

  /**
   * A collection header: a fix form (`fix` to `fix` + 15, the count in the low nibble) or the
   * 16-bit (`sized16`) and 32-bit (`sized16` + 1) forms. Each entry takes at least one byte per
   * item, so an absurd count is refused before anything is built.
   */
  private collectionHeader(fix: number, sized16: number, itemsPerEntry: number): number | undefined {
    const head = this.peek();
    let length: number | undefined;
    if (head >= fix && head <= fix + 0x0f) {
      this.position += 1;
      length = head & 0x0f;
    } else if (head === sized16) {
      this.position += 1;
      length = this.u16();
    } else if (head === sized16 + 1) {
      this.position += 1;
      length = this.u32();
    }
    if (length !== undefined) this.ensure(length * itemsPerEntry);
    return length;
  }

  private array(length: number, depth: number): MsgpackNode[] {
    this.ensure(length); // each item takes at least one byte: refuse absurd lengths early
    const items: MsgpackNode[] = [];
    for (let i = 0; i < length; i++) items.push(this.read(depth + 1));
    return items;
  }

  private map(length: number, depth: number): MsgpackMap {
    this.ensure(length * 2);
    const entries: (readonly [MsgpackNode, MsgpackNode])[] = [];
    for (let i = 0; i < length; i++) {
      const key = this.read(depth + 1);
      entries.push([key, this.read(depth + 1)]);
    }
    return new MsgpackMap(entries);
  }

  private ext(length: number): MsgpackExt {
    const type = this.fixed(1, (o) => this.view.getInt8(o));
    return new MsgpackExt(type, this.take(length).slice());
  }

  private str(length: number): string {
    try {
      return utf8.decode(this.take(length));
    } catch {
      throw new MsgpackFormatError(`invalid UTF-8 in string at ${this.position - length}`);
    }
  }

  private u8(): number {
    return this.fixed(1, (o) => this.view.getUint8(o));
  }
  private u16(): number {
    return this.fixed(2, (o) => this.view.getUint16(o));
  }
  private u32(): number {
    return this.fixed(4, (o) => this.view.getUint32(o));
  }

  private fixed<T>(size: number, get: (offset: number) => T): T {
    this.ensure(size);
    const value = get(this.position);
    this.position += size;
    return value;
  }

  private take(length: number): Uint8Array {
    this.ensure(length);
    const slice = this.bytes.subarray(this.position, this.position + length);
    this.position += length;
    return slice;
  }

  private ensure(length: number): void {
    if (this.position + length > this.bytes.length)
      throw new MsgpackFormatError("unexpected end of MessagePack data");
  }
}

function safeInteger(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value;
}
