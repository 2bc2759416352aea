// Produces a string that a (simple) CloudFormation `pattern` accepts, for generated read-only
// values and names. Handles literals, classes, groups, alternation, quantifiers and anchors;
// lookarounds, back-references and the like make it give up (the caller then uses its own guess).
import { compileCfnPattern } from "../../cfn/regex/lenient-engine.js";

type Node =
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; options: Node[] }
  | CharSet
  | { kind: "repeat"; node: Node; min: number; max: number }
  | { kind: "empty" };

/**
 * Characters: those in `ranges`, plus everything outside each of `complements` (negated escapes
 * such as `\S` inside a class: `[\s\S]` is any character), the whole inverted when `negated`.
 */
interface CharSet {
  kind: "set";
  ranges: Array<[number, number]>;
  negated: boolean;
  complements?: Array<Array<[number, number]>>;
}

class Unsupported extends Error {}

const DIGIT: Array<[number, number]> = [[48, 57]];
const WORD: Array<[number, number]> = [
  [97, 122],
  [65, 90],
  [48, 57],
  [95, 95],
];
const SPACE: Array<[number, number]> = [[32, 32]];
const PRINTABLE: Array<[number, number]> = [[32, 126]];
// Characters tried first so that generated text looks like an identifier.
const PREFERRED = "abcdefghijklmnopqrstuvwxyz0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ_./:";

const POSIX_CLASSES: Record<string, Array<[number, number]>> = {
  alpha: [
    [97, 122],
    [65, 90],
  ],
  digit: DIGIT,
  alnum: [
    [97, 122],
    [65, 90],
    [48, 57],
  ],
  upper: [[65, 90]],
  lower: [[97, 122]],
  space: SPACE,
  xdigit: [
    [48, 57],
    [97, 102],
    [65, 70],
  ],
  punct: [
    [33, 47],
    [58, 64],
  ],
  print: PRINTABLE,
  graph: [[33, 126]],
  word: WORD,
};

const UNICODE_APPROXIMATIONS: Record<string, Array<[number, number]>> = {
  L: POSIX_CLASSES.alpha as Array<[number, number]>,
  Alpha: POSIX_CLASSES.alpha as Array<[number, number]>,
  N: DIGIT,
  Nd: DIGIT,
  Digit: DIGIT,
  Alnum: POSIX_CLASSES.alnum as Array<[number, number]>,
  Lu: [[65, 90]],
  Upper: [[65, 90]],
  Ll: [[97, 122]],
  Lower: [[97, 122]],
  Punct: POSIX_CLASSES.punct as Array<[number, number]>,
  // General categories by their ASCII (and combining-mark) members: enough to sample from; a
  // negated use is checked against the real pattern afterwards.
  P: [
    [33, 35],
    [37, 42],
    [44, 47],
    [58, 59],
    [63, 64],
    [91, 93],
    [95, 95],
    [123, 123],
    [125, 125],
  ],
  S: [
    [36, 36],
    [43, 43],
    [60, 62],
    [94, 94],
    [96, 96],
    [124, 124],
    [126, 126],
  ],
  M: [[0x300, 0x36f]],
  C: [
    [0, 31],
    [127, 159],
  ],
  Cc: [
    [0, 31],
    [127, 159],
  ],
  Z: SPACE,
  Zs: SPACE,
  Space: SPACE,
  Print: PRINTABLE,
  Graph: [[33, 126]],
  ASCII: [[0, 127]],
  XDigit: POSIX_CLASSES.xdigit as Array<[number, number]>,
};

class Parser {
  private index = 0;
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.index < this.source.length) throw new Unsupported("unbalanced");
    return node;
  }

  private peek(): string | undefined {
    return this.source[this.index];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === "|") {
      this.index++;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.index < this.source.length && this.peek() !== "|" && this.peek() !== ")") {
      items.push(this.quantified(this.atom()));
    }
    return { kind: "seq", items };
  }

  private quantified(node: Node): Node {
    const char = this.peek();
    let min: number;
    let max: number;
    if (char === "*") [min, max] = [0, Infinity];
    else if (char === "+") [min, max] = [1, Infinity];
    else if (char === "?") [min, max] = [0, 1];
    else if (char === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.index));
      if (!match) return node; // a literal "{"
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3]);
      this.index += match[0].length - 1;
    } else return node;
    this.index++;
    if (this.peek() === "?" || this.peek() === "+") this.index++; // lazy / possessive: same language
    return this.quantified({ kind: "repeat", node, min, max });
  }

  private atom(): Node {
    const char = this.source[this.index++] as string;
    switch (char) {
      case "^":
      case "$":
        return { kind: "empty" };
      case ".":
        return { kind: "set", ranges: PRINTABLE, negated: false };
      case "(":
        return this.group();
      case "[":
        return this.characterClass();
      case "\\":
        return this.escape(false);
      default:
        return literal(char.codePointAt(0) as number);
    }
  }

  private group(): Node {
    if (this.peek() === "?") {
      const rest = this.source.slice(this.index);
      if (rest.startsWith("?:")) this.index += 2;
      else if (/^\?P?<[A-Za-z_][A-Za-z0-9_]*>/.test(rest))
        this.index = this.source.indexOf(">", this.index) + 1;
      else if (/^\?[imsxU-]+\)/.test(rest)) {
        // Inline flags such as (?i): the sample keeps the pattern's own case, which still matches.
        this.index = this.source.indexOf(")", this.index) + 1;
        return { kind: "empty" };
      } else throw new Unsupported("lookaround or unknown group");
    }
    const inner = this.alternation();
    if (this.source[this.index++] !== ")") throw new Unsupported("unbalanced group");
    return inner;
  }

  private characterClass(): Node {
    let negated = false;
    if (this.peek() === "^") {
      negated = true;
      this.index++;
    }
    const ranges: Array<[number, number]> = [];
    const complements: Array<Array<[number, number]>> = [];
    let first = true;
    while (this.index < this.source.length) {
      const char = this.source[this.index] as string;
      if (char === "]" && !first) {
        this.index++;
        return { kind: "set", ranges, negated, ...(complements.length > 0 ? { complements } : {}) };
      }
      first = false;
      if (char === "[" && this.source[this.index + 1] === ":") {
        const end = this.source.indexOf(":]", this.index);
        const name = this.source.slice(this.index + 2, end);
        const posix = POSIX_CLASSES[name];
        if (end < 0 || !posix) throw new Unsupported("posix class");
        ranges.push(...posix);
        this.index = end + 2;
        continue;
      }
      if (char === "[" || (char === "&" && this.source[this.index + 1] === "&")) {
        throw new Unsupported("nested class");
      }
      const low = this.classMember();
      if (low.kind === "set") {
        if (low.negated) complements.push(low.ranges);
        else ranges.push(...low.ranges);
        continue;
      }
      if (this.peek() === "-" && this.source[this.index + 1] !== "]" && this.index + 1 < this.source.length) {
        this.index++;
        const high = this.classMember();
        if (high.kind !== "char") throw new Unsupported("range to class");
        ranges.push([low.code, high.code]);
      } else ranges.push([low.code, low.code]);
    }
    throw new Unsupported("unterminated class");
  }

  private classMember(): { kind: "char"; code: number } | CharSet {
    const char = this.source[this.index++] as string;
    if (char !== "\\") return { kind: "char", code: char.codePointAt(0) as number };
    const node = this.escape(true);
    if (node.kind === "set") {
      if (node.ranges.length === 1 && node.ranges[0]?.[0] === node.ranges[0]?.[1] && !node.negated) {
        return { kind: "char", code: node.ranges[0]?.[0] as number };
      }
      return node;
    }
    throw new Unsupported("escape in class");
  }

  private escape(inClass: boolean): Node {
    const char = this.source[this.index++];
    if (char === undefined) throw new Unsupported("trailing backslash");
    switch (char) {
      case "d":
        return { kind: "set", ranges: DIGIT, negated: false };
      case "D":
        return { kind: "set", ranges: DIGIT, negated: true };
      case "w":
        return { kind: "set", ranges: WORD, negated: false };
      case "W":
        return { kind: "set", ranges: WORD, negated: true };
      case "s":
        return { kind: "set", ranges: SPACE, negated: false };
      case "S":
        return { kind: "set", ranges: SPACE, negated: true };
      case "n":
        return literal(10);
      case "t":
        return literal(9);
      case "r":
        return literal(13);
      case "b":
      case "B":
      case "A":
      case "z":
      case "Z":
        if (inClass) throw new Unsupported("boundary in class");
        return { kind: "empty" };
      case "x": {
        const match = /^([0-9A-Fa-f]{2}|\{[0-9A-Fa-f]+\})/.exec(this.source.slice(this.index));
        if (!match) throw new Unsupported("\\x");
        this.index += match[0].length;
        return literal(parseInt(match[0].replace(/[{}]/g, ""), 16));
      }
      case "u": {
        const match = /^[0-9A-Fa-f]{4}/.exec(this.source.slice(this.index));
        if (!match) throw new Unsupported("\\u");
        this.index += 4;
        return literal(parseInt(match[0], 16));
      }
      case "p":
      case "P": {
        const match = /^(\{(?:Is)?([A-Za-z_]+)\}|([A-Z]))/.exec(this.source.slice(this.index));
        const name = match?.[2] ?? match?.[3];
        const ranges = name ? UNICODE_APPROXIMATIONS[name] : undefined;
        if (!match || !ranges) throw new Unsupported("unicode class");
        this.index += match[0].length;
        return { kind: "set", ranges, negated: char === "P" };
      }
      default:
        if (/[0-9]/.test(char)) throw new Unsupported("back-reference");
        return literal(char.codePointAt(0) as number);
    }
  }
}

function literal(code: number): Node {
  return { kind: "set", ranges: [[code, code]], negated: false };
}

function inRanges(code: number, ranges: Array<[number, number]>): boolean {
  return ranges.some(([low, high]) => code >= low && code <= high);
}

function pickChar(node: CharSet, random: () => number): string {
  const complements = node.complements ?? [];
  const allowed = (code: number): boolean =>
    (inRanges(code, node.ranges) || complements.some((excluded) => !inRanges(code, excluded))) !==
    node.negated;
  const preferred = [...PREFERRED].filter((char) => allowed(char.codePointAt(0) as number));
  if (preferred.length > 0) {
    // Lower-case letters and digits first: they make the most plausible identifiers.
    const plain = preferred.filter((char) => /[a-z0-9]/.test(char));
    const pool = plain.length > 0 && random() < 0.9 ? plain : preferred;
    return pool[Math.floor(random() * pool.length)] as string;
  }
  if (!node.negated && complements.length === 0) {
    const range = node.ranges[Math.floor(random() * node.ranges.length)] as [number, number];
    return String.fromCodePoint(range[0] + Math.floor(random() * (range[1] - range[0] + 1)));
  }
  for (let code = 33; code < 0x3000; code++) if (allowed(code)) return String.fromCodePoint(code);
  throw new Unsupported("empty class");
}

function lengthRange(node: Node): [number, number] {
  switch (node.kind) {
    case "empty":
      return [0, 0];
    case "set":
      return [1, 1];
    case "seq":
      return node.items.map(lengthRange).reduce(([lo, hi], [a, b]) => [lo + a, hi + b], [0, 0]);
    case "alt": {
      const ranges = node.options.map(lengthRange);
      return [Math.min(...ranges.map((r) => r[0])), Math.max(...ranges.map((r) => r[1]))];
    }
    case "repeat": {
      const [lo, hi] = lengthRange(node.node);
      return [node.min * lo, node.max === 0 || hi === 0 ? 0 : node.max * hi];
    }
  }
}

const clamp = (value: number, low: number, high: number): number => Math.max(low, Math.min(high, value));

/** Emits a string of about `target` characters (exactly, for patterns of single-character units). */
function emit(node: Node, random: () => number, target: number): string {
  const [low, high] = lengthRange(node);
  const goal = clamp(target, low, high);
  switch (node.kind) {
    case "empty":
      return "";
    case "set":
      return pickChar(node, random);
    case "seq": {
      const ranges = node.items.map(lengthRange);
      const shares = ranges.map(([min]) => min);
      let spare = goal - shares.reduce((sum, share) => sum + share, 0);
      // Hand the spare length to the items that can grow, in random order.
      const order = node.items.map((_, index) => index).sort(() => random() - 0.5);
      for (const index of order) {
        const room = Math.min(spare, (ranges[index] as [number, number])[1] - (shares[index] as number));
        shares[index] = (shares[index] as number) + room;
        spare -= room;
      }
      return node.items.map((item, index) => emit(item, random, shares[index] as number)).join("");
    }
    case "alt": {
      const fitting = node.options.filter((option) => {
        const [min, max] = lengthRange(option);
        return goal >= min && goal <= max;
      });
      const pool = fitting.length > 0 ? fitting : node.options;
      return emit(pool[Math.floor(random() * pool.length)] as Node, random, goal);
    }
    case "repeat": {
      const [unitLow] = lengthRange(node.node);
      const count = clamp(Math.floor(goal / Math.max(unitLow, 1)), node.min, node.max);
      let out = "";
      for (let i = 0; i < count; i++) {
        const left = count - i;
        out += emit(node.node, random, Math.round((goal - out.length) / left));
      }
      return out;
    }
  }
}

export interface SampleConstraints {
  minLength?: number;
  maxLength?: number;
  /** Extra acceptance test (e.g. "looks like an ARN"). */
  accept?: (value: string) => boolean;
  /** The shortest string the limits allow: every optional part left out (`arn:aws:…`, not `arn:aws-xy:…`). */
  shortest?: boolean;
}

/** A string the pattern accepts within the length limits, or undefined when none was found cheaply. */
export function samplePattern(
  pattern: string,
  random: () => number,
  constraints: SampleConstraints = {},
): string | undefined {
  const regex = compileCfnPattern(pattern);
  if (!regex) return undefined;
  let tree: Node;
  try {
    tree = new Parser(pattern).parse();
  } catch {
    return undefined;
  }
  const [patternLow, patternHigh] = lengthRange(tree);
  const minLength = constraints.minLength ?? 0;
  const maxLength = constraints.maxLength ?? Infinity;
  // Identifiers look better with a few characters even when the pattern allows none.
  const low = constraints.shortest
    ? Math.max(minLength, patternLow)
    : Math.max(minLength, patternLow, Math.min(8, patternHigh, maxLength));
  const high = Math.min(maxLength, patternHigh, low + 16);
  for (let attempt = 0; attempt < 40; attempt++) {
    // Aim at a length the limits allow; plain identifiers stay short.
    const target =
      high >= low && !constraints.shortest
        ? low + Math.floor(random() * (Math.min(high, low + 12) - low + 1))
        : low;
    let value: string;
    try {
      value = emit(tree, random, target);
    } catch {
      return undefined;
    }
    const length = [...value].length;
    if (length < minLength || length > maxLength) continue;
    if (!regex.test(value)) continue;
    if (constraints.accept && !constraints.accept(value)) continue;
    return value;
  }
  return undefined;
}
