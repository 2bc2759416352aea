// Parser for the RE2 (Go regexp/syntax, Perl flags) dialect of CloudFormation `pattern` values.
// It follows RE2's rules wherever RE2 defines a meaning (e.g. `[]a]`, `\12` octal, `{` as a literal
// when it does not start a repeat) and additionally accepts constructs RE2 rejects but ECMAScript can
// express: lookarounds, backreferences, named backreferences, possessive quantifiers, atomic groups,
// `\Z`, `\uHHHH`, `\cX`, `(?#…)` comments.
import type { AssertionKind, ClassItem, GroupKind, Node, ParsedPattern } from "./ast.js";
import { POSIX_CLASSES, resolveUnicodeClass } from "./named-classes.js";

export class PatternSyntaxError extends Error {}

interface Flags {
  fold: boolean;
  multiLine: boolean;
  dotAll: boolean;
  ungreedy: boolean;
}

const MAX_CODE_POINT = 0x10ffff;
const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= "0" && ch <= "9";
const isOctal = (ch: string | undefined): boolean => ch !== undefined && ch >= "0" && ch <= "7";
const isHex = (ch: string | undefined): boolean =>
  ch !== undefined && ((ch >= "0" && ch <= "9") || (ch >= "A" && ch <= "F") || (ch >= "a" && ch <= "f"));
const isAsciiAlnum = (ch: string): boolean =>
  (ch >= "0" && ch <= "9") || (ch >= "A" && ch <= "Z") || (ch >= "a" && ch <= "z");
const CAPTURE_NAME = /^[A-Za-z0-9_]+$/;
const ESCAPED_ASSERTIONS: Readonly<Record<string, AssertionKind | undefined>> = {
  A: "\\A",
  z: "\\z",
  Z: "\\Z",
  b: "\\b",
  B: "\\B",
};
const LOOKAROUNDS: Readonly<Record<string, GroupKind | undefined>> = {
  "=": "lookahead",
  "!": "negative-lookahead",
  "<=": "lookbehind",
  "<!": "negative-lookbehind",
  ">": "atomic",
};
const SIMPLE_ESCAPES: Readonly<Record<string, number | undefined>> = {
  a: 7,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
};

export function parsePattern(pattern: string): ParsedPattern {
  return new Parser(pattern).parse();
}

class Parser {
  /** Cursor in UTF-16 units; syntax is ASCII, so only literals need code-point care. */
  private pos = 0;
  private readonly captureNames: (string | undefined)[] = [];
  private readonly flagsSeen = new Set<string>();
  private readonly notes: string[] = [];

  constructor(private readonly chars: string) {}

  parse(): ParsedPattern {
    const root = this.parseAlternation({ fold: false, multiLine: false, dotAll: false, ungreedy: false });
    if (this.pos < this.chars.length) throw new PatternSyntaxError("unexpected ) with no matching (");
    return { root, captureNames: this.captureNames, flagsSeen: this.flagsSeen, notes: this.notes };
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.pos + offset];
  }

  /** The whole code point at the cursor (a surrogate pair counts as one). */
  private peekCodePoint(): string {
    return String.fromCodePoint(this.chars.codePointAt(this.pos)!);
  }

  private slice(from: number, to = this.pos): string {
    return this.chars.slice(from, to);
  }

  private fail(message: string, from: number): never {
    throw new PatternSyntaxError(
      `${message}: \`${this.slice(from, Math.min(this.pos + 1, this.chars.length))}\``,
    );
  }

  /** Parses alternatives up to an unmatched `)` or the end. `flags` is this group's own copy. */
  private parseAlternation(flags: Flags): Node {
    const branches: Node[] = [];
    let parts: Node[] = [];
    let lastWasRepeat = false;
    while (this.pos < this.chars.length) {
      const ch = this.peek()!;
      if (ch === ")") break;
      if (ch === "|") {
        this.pos++;
        branches.push(concat(parts));
        parts = [];
        lastWasRepeat = false;
        continue;
      }
      if (ch === "*" || ch === "+" || ch === "?" || (ch === "{" && this.repeatAhead())) {
        const start = this.pos;
        const quantifier = this.parseQuantifier(flags);
        if (lastWasRepeat) this.fail("invalid nested repetition operator", start - 1);
        const sub = parts.pop();
        if (!sub) this.fail("missing argument to repetition operator", start);
        parts.push({ kind: "repeat", sub, ...quantifier });
        lastWasRepeat = true;
        continue;
      }
      lastWasRepeat = false;
      this.parseAtom(parts, flags);
    }
    branches.push(concat(parts));
    return branches.length === 1 ? branches[0]! : { kind: "alternation", branches };
  }

  private parseAtom(parts: Node[], flags: Flags): void {
    const ch = this.peek()!;
    switch (ch) {
      case "(":
        this.parseGroup(parts, flags);
        return;
      case "[":
        parts.push(this.parseClass(flags));
        return;
      case ".":
        this.pos++;
        parts.push({ kind: "dot", dotAll: flags.dotAll });
        return;
      case "^":
      case "$":
        this.pos++;
        parts.push({ kind: "assertion", what: ch, multiLine: flags.multiLine });
        return;
      case "\\":
        this.parseBackslash(parts, flags);
        return;
      default: {
        const literal = this.peekCodePoint();
        this.pos += literal.length;
        parts.push({ kind: "literal", cp: literal.codePointAt(0)!, raw: literal, fold: flags.fold });
      }
    }
  }

  // ---- quantifiers ----

  /** True when a `{` here starts a well-formed RE2 repeat (otherwise it is a literal). */
  private repeatAhead(): boolean {
    return this.readBraces(this.pos) !== undefined;
  }

  /** Reads `{n}`, `{n,}` or `{n,m}` (no leading zeros, as in RE2) starting at `from`. */
  private readBraces(from: number): { min: number; max: number; end: number } | undefined {
    let i = from + 1;
    const readInt = (): number | undefined => {
      const start = i;
      while (isDigit(this.chars[i])) i++;
      if (i === start) return undefined;
      if (i - start > 1 && this.chars[start] === "0") return undefined;
      return Number(this.chars.slice(start, i));
    };
    const min = readInt();
    if (min === undefined) return undefined;
    let max = min;
    if (this.chars[i] === ",") {
      i++;
      if (this.chars[i] === "}") max = Infinity;
      else {
        const parsed = readInt();
        if (parsed === undefined) return undefined;
        max = parsed;
      }
    }
    if (this.chars[i] !== "}") return undefined;
    return { min, max, end: i + 1 };
  }

  private parseQuantifier(flags: Flags): Omit<Extract<Node, { kind: "repeat" }>, "kind" | "sub"> {
    const start = this.pos;
    let min: number;
    let max: number;
    const ch = this.peek()!;
    if (ch === "{") {
      const braces = this.readBraces(this.pos)!;
      if (braces.min > braces.max) {
        this.pos = braces.end - 1;
        this.fail("invalid repeat count", start);
      }
      ({ min, max } = braces);
      this.pos = braces.end;
    } else {
      this.pos++;
      [min, max] = ch === "*" ? [0, Infinity] : ch === "+" ? [1, Infinity] : [0, 1];
    }
    let lazy = false;
    let possessive = false;
    if (this.peek() === "?") {
      lazy = true;
      this.pos++;
    } else if (this.peek() === "+") {
      possessive = true;
      this.pos++;
    }
    // (?U) swaps the meaning of greedy and lazy; a possessive quantifier is greedy either way.
    const greedy = possessive || lazy === flags.ungreedy;
    return { min, max, greedy, possessive, raw: this.slice(start), swapped: flags.ungreedy && !possessive };
  }

  // ---- groups and inline flags ----

  private parseGroup(parts: Node[], flags: Flags): void {
    const start = this.pos;
    if (this.peek(1) !== "?") {
      this.pos++;
      this.captureNames.push(undefined);
      parts.push(this.finishGroup("capture", "(", start, { ...flags }));
      return;
    }
    const third = this.peek(2);
    const fourth = this.peek(3);
    if (third === "P" && fourth === "<") {
      this.pos += 4;
      parts.push(this.parseNamedGroup(start, flags));
      return;
    }
    if (third === "P" && fourth === "=") {
      this.pos += 4;
      parts.push(this.namedBackref(this.readName(")", start), start, flags));
      return;
    }
    if (third === "<" && fourth !== "=" && fourth !== "!") {
      this.pos += 3;
      parts.push(this.parseNamedGroup(start, flags));
      return;
    }
    const key = third === "<" ? `<${fourth ?? ""}` : (third ?? "");
    const kind = LOOKAROUNDS[key];
    if (kind) {
      this.pos += 2 + key.length;
      parts.push(this.finishGroup(kind, this.slice(start), start, { ...flags }));
      return;
    }
    if (third === "#") {
      while (this.pos < this.chars.length && this.peek() !== ")") this.pos++;
      if (this.pos >= this.chars.length) this.fail("missing closing ) of comment", start);
      this.pos++;
      this.notes.push("(?#…) comment removed");
      return;
    }
    this.parseFlagGroup(parts, flags, start);
  }

  private parseNamedGroup(start: number, flags: Flags): Node {
    const name = this.readName(">", start);
    if (!CAPTURE_NAME.test(name)) this.fail("invalid named capture", start);
    this.captureNames.push(name);
    return this.finishGroup("named", this.slice(start), start, { ...flags }, name);
  }

  /** A backreference by name (`(?P=name)`, `\k<name>`), once the name is read. */
  private namedBackref(name: string, start: number, flags: Flags): Node {
    return { kind: "backref", ref: name, raw: this.slice(start), fold: flags.fold, beforeDigit: false };
  }

  private readName(terminator: string, start: number): string {
    const nameStart = this.pos;
    while (this.pos < this.chars.length && this.peek() !== terminator) this.pos++;
    if (this.pos >= this.chars.length) this.fail("invalid named capture", start);
    const name = this.slice(nameStart);
    this.pos++;
    return name;
  }

  private finishGroup(group: GroupKind, open: string, start: number, inner: Flags, name?: string): Node {
    const body = this.parseAlternation(inner);
    if (this.peek() !== ")") this.fail("missing closing )", start);
    this.pos++;
    return name === undefined
      ? { kind: "group", group, open, body }
      : { kind: "group", group, name, open, body };
  }

  /** `(?flags)` changes the rest of the enclosing group; `(?flags:re)` only `re`. */
  private parseFlagGroup(parts: Node[], flags: Flags, start: number): void {
    this.pos += 2;
    const next: Flags = { ...flags };
    let negate = false;
    let sawFlag = false;
    for (;;) {
      const ch = this.peek();
      this.pos++;
      if (ch === "i" || ch === "m" || ch === "s" || ch === "U") {
        this.flagsSeen.add(ch);
        sawFlag = true;
        const on = !negate;
        if (ch === "i") next.fold = on;
        else if (ch === "m") next.multiLine = on;
        else if (ch === "s") next.dotAll = on;
        else next.ungreedy = on;
        continue;
      }
      if (ch === "-" && !negate) {
        negate = true;
        sawFlag = false;
        continue;
      }
      if ((ch === ":" || ch === ")") && (!negate || sawFlag)) {
        if (ch === ")") {
          if (!sawFlag) this.notes.push("empty (?) removed");
          Object.assign(flags, next);
          return;
        }
        parts.push(this.finishGroup("noncapture", this.slice(start), start, next));
        return;
      }
      this.pos = Math.min(this.pos, this.chars.length);
      this.fail("invalid or unsupported Perl syntax", start);
    }
  }

  // ---- escapes ----

  private parseBackslash(parts: Node[], flags: Flags): void {
    const start = this.pos;
    const next = this.peek(1);
    if (next === undefined) {
      this.pos++;
      throw new PatternSyntaxError("trailing backslash at end of expression");
    }
    const assertion = ESCAPED_ASSERTIONS[next];
    if (assertion) {
      this.pos += 2;
      parts.push({ kind: "assertion", what: assertion, multiLine: flags.multiLine });
      return;
    }
    if (next === "C") {
      this.pos += 2;
      this.fail("invalid escape sequence (\\C, any byte, is not supported)", start);
    }
    if (next === "Q") {
      this.pos += 2;
      while (this.pos < this.chars.length && !(this.peek() === "\\" && this.peek(1) === "E")) {
        const literal = this.peekCodePoint();
        parts.push({ kind: "literal", cp: literal.codePointAt(0)!, raw: "", fold: flags.fold });
        this.pos += literal.length;
      }
      if (this.pos < this.chars.length) this.pos += 2;
      return;
    }
    const classItem = this.tryClassEscape();
    if (classItem) {
      parts.push({
        kind: "class",
        negated: false,
        items: [classItem],
        fold: flags.fold,
        bare: true,
        raw: this.slice(start),
      });
      return;
    }
    if (next === "k" && this.peek(2) === "<") {
      this.pos += 3;
      parts.push(this.namedBackref(this.readName(">", start), start, flags));
      return;
    }
    // A single digit 1-9 not followed by an octal digit is a backreference (RE2 rejects it).
    if (next >= "1" && next <= "9" && !(next <= "7" && isOctal(this.peek(2)))) {
      this.pos += 2;
      parts.push({
        kind: "backref",
        ref: Number(next),
        raw: this.slice(start),
        fold: flags.fold,
        beforeDigit: isDigit(this.peek()),
      });
      return;
    }
    const { cp, raw } = this.parseEscape(false);
    parts.push({ kind: "literal", cp, raw, fold: flags.fold });
  }

  /** \d \s \w (and negations) or a Unicode class \pX / \p{…} at the cursor, as a class item. */
  private tryClassEscape(): ClassItem | undefined {
    const start = this.pos;
    const letter = this.peek(1);
    if (letter === undefined) return undefined;
    const lower = letter.toLowerCase();
    if ((lower === "d" || lower === "s" || lower === "w") && "dswDSW".includes(letter)) {
      this.pos += 2;
      return { kind: "perl", name: lower, negated: letter !== lower, raw: this.slice(start) };
    }
    if (letter !== "p" && letter !== "P") return undefined;
    this.pos += 2;
    let name: string;
    if (this.peek() === "{") {
      const close = this.chars.indexOf("}", this.pos);
      if (close < 0) {
        this.pos = this.chars.length;
        this.fail("invalid character class range", start);
      }
      name = this.slice(this.pos + 1, close);
      this.pos = close + 1;
    } else {
      if (this.peek() === undefined) this.fail("invalid character class range", start);
      name = this.peekCodePoint();
      this.pos += name.length;
    }
    let negated = letter === "P";
    if (name.startsWith("^")) {
      negated = !negated;
      name = name.slice(1);
    }
    const resolved = resolveUnicodeClass(name, negated);
    if (!resolved) this.fail("unknown Unicode class", start);
    return { kind: "prop", escapes: resolved.escapes, negated: resolved.negated, raw: this.slice(start) };
  }

  /** A single-character escape (shared by classes and the top level), cursor on the backslash. */
  private parseEscape(inClass: boolean): { cp: number; raw: string } {
    const start = this.pos;
    const ch = this.peek(1);
    this.pos += 2;
    if (ch === undefined) throw new PatternSyntaxError("trailing backslash at end of expression");
    const result = (cp: number) => ({ cp, raw: this.slice(start) });
    if (ch.length === 1 && ch < "\u0080" && !isAsciiAlnum(ch)) return result(ch.codePointAt(0)!);
    if (isOctal(ch) && (ch === "0" || isOctal(this.peek()))) {
      let value = Number(ch);
      for (let i = 0; i < 2 && isOctal(this.peek()); i++) value = value * 8 + Number(this.chars[this.pos++]);
      return result(value);
    }
    const simple = SIMPLE_ESCAPES[ch];
    if (simple !== undefined) return result(simple);
    if (ch === "x") {
      if (this.peek() === "{") {
        const close = this.chars.indexOf("}", this.pos);
        const digits = close < 0 ? "" : this.slice(this.pos + 1, close);
        if (!/^[0-9A-Fa-f]+$/.test(digits) || parseInt(digits, 16) > MAX_CODE_POINT) {
          this.fail("invalid escape sequence", start);
        }
        this.pos = close + 1;
        return result(parseInt(digits, 16));
      }
      if (!isHex(this.peek()) || !isHex(this.peek(1))) this.fail("invalid escape sequence", start);
      this.pos += 2;
      return result(parseInt(this.slice(this.pos - 2), 16));
    }
    if (ch === "u") return this.parseUnicodeEscape(start);
    if (ch === "c" && /^[A-Za-z]$/.test(this.peek() ?? "")) {
      return result(this.chars[this.pos++]!.codePointAt(0)! % 32);
    }
    if (inClass && ch === "b") this.fail("invalid escape sequence (use \\x08 for backspace)", start);
    this.fail("invalid escape sequence", start);
  }

  /** `\uHHHH` (with a following low surrogate joined) or `\u{H…}`: not RE2, but Java and JS. */
  private parseUnicodeEscape(start: number): { cp: number; raw: string } {
    if (this.peek() === "{") {
      const close = this.chars.indexOf("}", this.pos);
      const digits = close < 0 ? "" : this.slice(this.pos + 1, close);
      if (!/^[0-9A-Fa-f]+$/.test(digits) || parseInt(digits, 16) > MAX_CODE_POINT) {
        this.fail("invalid escape sequence", start);
      }
      this.pos = close + 1;
      return { cp: parseInt(digits, 16), raw: this.slice(start) };
    }
    const four = this.slice(this.pos, this.pos + 4);
    if (!/^[0-9A-Fa-f]{4}$/.test(four)) this.fail("invalid escape sequence", start);
    this.pos += 4;
    let cp = parseInt(four, 16);
    const low = this.slice(this.pos + 2, this.pos + 6);
    if (
      cp >= 0xd800 &&
      cp <= 0xdbff &&
      this.slice(this.pos, this.pos + 2) === "\\u" &&
      /^[dD][c-fC-F][0-9A-Fa-f]{2}$/.test(low)
    ) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (parseInt(low, 16) - 0xdc00);
      this.pos += 6;
    }
    return { cp, raw: this.slice(start) };
  }

  // ---- character classes ----

  private parseClass(flags: Flags): Node {
    const start = this.pos;
    this.pos++;
    let negated = false;
    if (this.peek() === "^") {
      negated = true;
      this.pos++;
    }
    const items: ClassItem[] = [];
    let first = true;
    while (this.pos < this.chars.length && (this.peek() !== "]" || first)) {
      first = false;
      if (this.peek() === "[" && this.peek(1) === ":") {
        const posix = this.tryPosixClass();
        if (posix) {
          items.push(posix);
          continue;
        }
      }
      if (this.peek() === "\\") {
        const escape = this.tryClassEscape();
        if (escape) {
          items.push(escape);
          continue;
        }
      }
      const lo = this.parseClassChar(start);
      if (this.peek() === "-" && this.peek(1) !== undefined && this.peek(1) !== "]") {
        this.pos++;
        const hi = this.parseClassChar(start);
        if (hi.cp < lo.cp) this.fail("invalid character class range", start);
        items.push({ kind: "range", lo: lo.cp, hi: hi.cp, loRaw: lo.raw, hiRaw: hi.raw });
      } else {
        items.push({ kind: "char", cp: lo.cp, raw: lo.raw });
      }
    }
    if (this.pos >= this.chars.length)
      throw new PatternSyntaxError(`missing closing ]: \`${this.slice(start)}\``);
    this.pos++;
    return { kind: "class", negated, items, fold: flags.fold, bare: false, raw: this.slice(start) };
  }

  private parseClassChar(classStart: number): { cp: number; raw: string } {
    const ch = this.peek();
    if (ch === undefined) throw new PatternSyntaxError(`missing closing ]: \`${this.slice(classStart)}\``);
    if (ch === "\\") return this.parseEscape(true);
    const literal = this.peekCodePoint();
    this.pos += literal.length;
    return { cp: literal.codePointAt(0)!, raw: literal };
  }

  /** `[:alpha:]` / `[:^alpha:]`; RE2 looks for the closing `:]` anywhere further on. */
  private tryPosixClass(): ClassItem | undefined {
    const start = this.pos;
    let close = -1;
    for (let i = this.pos + 2; i + 1 < this.chars.length; i++) {
      if (this.chars[i] === ":" && this.chars[i + 1] === "]") {
        close = i;
        break;
      }
    }
    if (close < 0) return undefined;
    let name = this.slice(this.pos + 2, close);
    this.pos = close + 2;
    const negated = name.startsWith("^");
    if (negated) name = name.slice(1);
    if (!POSIX_CLASSES.has(name)) this.fail("invalid character class range", start);
    return { kind: "posix", name, negated, raw: this.slice(start) };
  }
}

function concat(parts: Node[]): Node {
  if (parts.length === 0) return { kind: "empty" };
  return parts.length === 1 ? parts[0]! : { kind: "concat", parts };
}
