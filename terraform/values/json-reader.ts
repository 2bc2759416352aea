// A strict JSON reader that keeps numbers as their source text (JSON.parse would round them to
// doubles) and objects as ordered entry lists (so any key, "__proto__" included, is plain data).

export class JsonNumberText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export class JsonObjectNode {
  readonly entries: readonly (readonly [string, JsonNode])[];
  constructor(entries: readonly (readonly [string, JsonNode])[]) {
    this.entries = entries;
  }
  /** The last value for a key (duplicate keys: last wins, as in Go's encoding/json). */
  get(key: string): JsonNode | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i] as readonly [string, JsonNode];
      if (entry[0] === key) return entry[1];
    }
    return undefined;
  }
}

export type JsonNode = null | boolean | string | JsonNumberText | readonly JsonNode[] | JsonObjectNode;

export class JsonSyntaxError extends Error {}

const MAX_DEPTH = 512;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function readJson(text: string): JsonNode {
  const reader = new JsonReader(text);
  reader.skipSpace();
  const node = reader.value(0);
  reader.skipSpace();
  if (reader.position !== text.length) reader.fail("unexpected trailing characters");
  return node;
}

class JsonReader {
  position = 0;
  constructor(private readonly text: string) {}

  value(depth: number): JsonNode {
    if (depth > MAX_DEPTH) this.fail("nesting too deep");
    const c = this.text[this.position];
    switch (c) {
      case "{":
        return this.object(depth);
      case "[":
        return this.array(depth);
      case '"':
        return this.string();
      case "t":
        return this.literal("true", true);
      case "f":
        return this.literal("false", false);
      case "n":
        return this.literal("null", null);
      default: {
        NUMBER.lastIndex = this.position;
        const match = NUMBER.exec(this.text);
        if (!match || match[0] === "")
          return this.fail(`unexpected character ${JSON.stringify(c ?? "end of input")}`);
        this.position += match[0].length;
        return new JsonNumberText(match[0]);
      }
    }
  }

  private object(depth: number): JsonObjectNode {
    this.position++; // {
    const entries: (readonly [string, JsonNode])[] = [];
    this.skipSpace();
    if (this.text[this.position] === "}") {
      this.position++;
      return new JsonObjectNode(entries);
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] !== '"') this.fail("object key must be a string");
      const key = this.string();
      this.skipSpace();
      this.expect(":");
      this.skipSpace();
      entries.push([key, this.value(depth + 1)]);
      this.skipSpace();
      if (this.text[this.position] === ",") {
        this.position++;
        continue;
      }
      this.expect("}");
      return new JsonObjectNode(entries);
    }
  }

  private array(depth: number): JsonNode[] {
    this.position++; // [
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.position] === "]") {
      this.position++;
      return items;
    }
    for (;;) {
      this.skipSpace();
      items.push(this.value(depth + 1));
      this.skipSpace();
      if (this.text[this.position] === ",") {
        this.position++;
        continue;
      }
      this.expect("]");
      return items;
    }
  }

  private string(): string {
    this.position++; // opening quote
    let out = "";
    let runStart = this.position;
    for (;;) {
      if (this.position >= this.text.length) this.fail("unterminated string");
      const code = this.text.charCodeAt(this.position);
      if (code === 0x22) {
        out += this.text.slice(runStart, this.position);
        this.position++;
        return out;
      }
      if (code < 0x20) this.fail("control character in string");
      if (code !== 0x5c) {
        this.position++;
        continue;
      }
      out += this.text.slice(runStart, this.position);
      const escape = this.text[this.position + 1];
      this.position += 2;
      switch (escape) {
        case '"':
        case "\\":
        case "/":
          out += escape;
          break;
        case "b":
          out += "\b";
          break;
        case "f":
          out += "\f";
          break;
        case "n":
          out += "\n";
          break;
        case "r":
          out += "\r";
          break;
        case "t":
          out += "\t";
          break;
        case "u": {
          const hex = this.text.slice(this.position, this.position + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("invalid \\u escape");
          out += String.fromCharCode(parseInt(hex, 16));
          this.position += 4;
          break;
        }
        default:
          this.fail("invalid escape sequence");
      }
      runStart = this.position;
    }
  }

  private literal<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.position)) this.fail(`invalid literal`);
    this.position += word.length;
    return value;
  }

  private expect(c: string): void {
    if (this.text[this.position] !== c) this.fail(`expected ${JSON.stringify(c)}`);
    this.position++;
  }

  skipSpace(): void {
    while (this.position < this.text.length) {
      const c = this.text.charCodeAt(this.position);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      this.position++;
    }
  }

  fail(message: string): never {
    throw new JsonSyntaxError(`${message} at offset ${this.position}`);
  }
}
