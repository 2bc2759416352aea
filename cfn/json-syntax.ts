// Locates a JSON syntax error. V8's JSON.parse messages give an offset only for some errors
// ("Unexpected token ... is not valid JSON" has none), so a small scanner finds it instead.
// It runs only after JSON.parse has failed, so its speed does not matter.

export interface TextPosition {
  readonly offset: number;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;
}

class SyntaxStop {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

class Scanner {
  private pos = 0;
  constructor(private readonly text: string) {}

  run(): void {
    this.value();
    this.space();
    if (this.pos < this.text.length) this.fail();
  }

  private fail(): never {
    throw new SyntaxStop(this.pos);
  }

  private space(): void {
    while (this.pos < this.text.length && " \t\n\r".includes(this.text[this.pos]!)) this.pos++;
  }

  private expect(char: string): void {
    if (this.text[this.pos] !== char) this.fail();
    this.pos++;
  }

  private value(): void {
    this.space();
    const c = this.text[this.pos];
    if (c === "{") this.object();
    else if (c === "[") this.array();
    else if (c === '"') this.string();
    else if (c === "t" || c === "f" || c === "n") this.literal();
    else this.number();
  }

  private object(): void {
    this.pos++;
    this.space();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return;
    }
    for (;;) {
      this.space();
      this.string();
      this.space();
      this.expect(":");
      this.value();
      this.space();
      if (this.text[this.pos] === ",") this.pos++;
      else return this.expect("}");
    }
  }

  private array(): void {
    this.pos++;
    this.space();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return;
    }
    for (;;) {
      this.value();
      this.space();
      if (this.text[this.pos] === ",") this.pos++;
      else return this.expect("]");
    }
  }

  private string(): void {
    this.expect('"');
    for (;;) {
      if (this.pos >= this.text.length) this.fail();
      const code = this.text.charCodeAt(this.pos);
      if (code === 0x22) {
        this.pos++;
        return;
      }
      if (code < 0x20) this.fail();
      if (code === 0x5c) {
        ESCAPE.lastIndex = this.pos;
        if (!ESCAPE.test(this.text)) this.fail();
        this.pos = ESCAPE.lastIndex;
      } else {
        this.pos++;
      }
    }
  }

  private literal(): void {
    for (const word of ["true", "false", "null"]) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return;
      }
    }
    this.fail();
  }

  private number(): void {
    NUMBER.lastIndex = this.pos;
    if (!NUMBER.test(this.text)) this.fail();
    this.pos = NUMBER.lastIndex;
  }
}

export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** Where the first syntax error is, or undefined when the text is valid JSON (or too deep to scan). */
export function findJsonSyntaxError(text: string): TextPosition | undefined {
  try {
    new Scanner(text).run();
    return undefined;
  } catch (e) {
    if (e instanceof SyntaxStop) return positionAt(text, e.offset);
    if (e instanceof RangeError) return undefined; // nesting deeper than the call stack
    throw e;
  }
}
