// Turns a parsed RE2 pattern into ECMAScript `u`-mode source with the same meaning. Text that
// already means the same in JS is copied as written, so an unaffected pattern comes out unchanged;
// everything else is rewritten and a short note says what and why.
import type { ClassItem, Node, ParsedPattern } from "./ast.js";
import { foldExtras, foldOrbit } from "./case-fold.js";
import {
  complementRanges,
  isSyntaxCharacter,
  literalInClass,
  literalOutsideClass,
  normalizeRanges,
  rangesContain,
  rangesToClassBody,
  type Range,
} from "./charset.js";
import { PERL_CLASSES, POSIX_CLASSES } from "./named-classes.js";

export class UntranslatableError extends Error {}

export interface EmittedPattern {
  readonly source: string;
  readonly flags: string;
  readonly notes: readonly string[];
}

/**
 * How (?i) is carried out. "none": nothing case-sensitive is under (?i). "native": the whole pattern
 * is case-insensitive and the JS `i` flag means exactly what RE2 means. "expand": only part of it is
 * (or `i` would change \b), so case variants are spelled out.
 */
type FoldMode = "none" | "native" | "expand";

interface Emitted {
  readonly text: string;
  /** A single quantifiable atom in u mode (assertions and sequences are not). */
  readonly atom: boolean;
}

type ClassNode = Extract<Node, { kind: "class" }>;

const NOTE_DOT = ". → [^\\n] (RE2's . excludes only \\n)";
const NOTE_EXPAND = "(?i) on part of the pattern → case variants spelled out";

export function emitPattern(parsed: ParsedPattern): EmittedPattern {
  return new Emitter(parsed).run();
}

class Emitter {
  private readonly notes = new Set<string>();
  private readonly nodes: Node[] = [];
  private foldMode: FoldMode = "none";
  private dotAllFlag = false;
  /** Output group number of each capture group, by its 1-based input number. */
  private readonly captureNumbers: number[] = [];
  /** Output group number of the capture inserted for an atomic group or possessive quantifier. */
  private readonly insertedCaptures = new Map<Node, number>();
  /** 1-based input number of each capture group node. */
  private readonly inputNumbers = new Map<Node, number>();
  /** JS name of each named capture, by its 1-based input number. */
  private readonly jsNames = new Map<number, string>();
  private readonly firstIndexOfName = new Map<string, number>();

  constructor(private readonly parsed: ParsedPattern) {
    for (const note of parsed.notes) this.notes.add(note);
  }

  run(): EmittedPattern {
    this.collect(this.parsed.root);
    this.numberCaptures(this.parsed.root, { next: 1, input: 0 });
    this.nameCaptures();
    this.planFolding();
    this.planDotAll();
    this.noteFlags();
    const source = this.emit(this.parsed.root).text;
    const flags = `${this.foldMode === "native" ? "i" : ""}${this.dotAllFlag ? "s" : ""}u`;
    return { source, flags, notes: [...this.notes] };
  }

  // ---- analysis ----

  private collect(node: Node): void {
    this.nodes.push(node);
    if (node.kind === "group") this.collect(node.body);
    else if (node.kind === "repeat") this.collect(node.sub);
    else if (node.kind === "concat") node.parts.forEach((part) => this.collect(part));
    else if (node.kind === "alternation") node.branches.forEach((branch) => this.collect(branch));
  }

  /** Assigns output numbers in order of opening parentheses, including inserted captures. */
  private numberCaptures(node: Node, counter: { next: number; input: number }): void {
    switch (node.kind) {
      case "group":
        if (node.group === "capture" || node.group === "named") {
          this.inputNumbers.set(node, ++counter.input);
          this.captureNumbers[counter.input] = counter.next++;
        } else if (node.group === "atomic") {
          this.insertedCaptures.set(node, counter.next++);
        }
        this.numberCaptures(node.body, counter);
        return;
      case "repeat":
        if (node.possessive) this.insertedCaptures.set(node, counter.next++);
        this.numberCaptures(node.sub, counter);
        return;
      case "concat":
        node.parts.forEach((part) => this.numberCaptures(part, counter));
        return;
      case "alternation":
        node.branches.forEach((branch) => this.numberCaptures(branch, counter));
        return;
      default:
        return;
    }
  }

  /**
   * RE2 names may start with a digit and may repeat; JS names may do neither. Each capture gets a
   * JS name (by capture index); a name used in a backreference resolves to its first group.
   */
  private nameCaptures(): void {
    const taken = new Set<string>();
    this.parsed.captureNames.forEach((name, index) => {
      if (name === undefined) return;
      let jsName = /^[0-9]/.test(name) ? `_${name}` : name;
      for (let n = 2; taken.has(jsName); n++) jsName = `${name}_${n}`;
      taken.add(jsName);
      this.jsNames.set(index + 1, jsName);
      if (!this.firstIndexOfName.has(name)) this.firstIndexOfName.set(name, index + 1);
      if (jsName !== name)
        this.notes.add(
          `capture name ${name} → ${jsName} (JS names must be unique and not start with a digit)`,
        );
    });
  }

  private planFolding(): void {
    // Relevance needs the case-folding table, so only look when (?i) is in force somewhere.
    if (!this.nodes.some((node) => "fold" in node && node.fold)) return;
    const relevant = this.nodes.filter((node) => this.foldSensitive(node));
    const folded = relevant.filter((node) => "fold" in node && node.fold);
    if (folded.length === 0) return;
    const everythingFolded = folded.length === relevant.length;
    const hasWordBoundary = this.nodes.some(
      (node) => node.kind === "assertion" && (node.what === "\\b" || node.what === "\\B"),
    );
    const nativeSafe = this.nodes.every(
      (node) => node.kind !== "class" || !node.fold || this.nativeFoldSafe(node),
    );
    this.foldMode = everythingFolded && !hasWordBoundary && nativeSafe ? "native" : "expand";
  }

  /** Whether (?i) — or the JS `i` flag — changes what this node matches. */
  private foldSensitive(node: Node): boolean {
    switch (node.kind) {
      case "literal":
        return foldOrbit(node.cp).length > 1;
      case "backref":
        return true;
      case "class":
        return foldExtras(classMembership(this.classBody(node, "none").body)).length > 0;
      default:
        return false;
    }
  }

  /**
   * Under the `i` flag JS folds a negated Unicode property after negating it, RE2 before; that is
   * only fixable (by flipping the class) when the property is the class's only item.
   */
  private nativeFoldSafe(node: ClassNode): boolean {
    if (node.items.length < 2) return true;
    return node.items.every(
      (item) =>
        item.kind !== "prop" ||
        !item.negated ||
        foldExtras(classMembership(item.escapes.join(""))).length === 0,
    );
  }

  private planDotAll(): void {
    const dots = this.nodes.filter((node): node is Extract<Node, { kind: "dot" }> => node.kind === "dot");
    this.dotAllFlag = dots.length > 0 && dots.every((dot) => dot.dotAll);
  }

  private noteFlags(): void {
    const seen = this.parsed.flagsSeen;
    if (seen.has("i")) {
      if (this.foldMode === "native") this.notes.add("inline (?i) → flag i");
      else if (this.foldMode === "expand") this.notes.add(NOTE_EXPAND);
      else this.notes.add("(?i) dropped: nothing case-sensitive under it");
    }
    if (seen.has("s")) {
      const dotAll = this.nodes.some((node) => node.kind === "dot" && node.dotAll);
      if (this.dotAllFlag) this.notes.add("inline (?s) → flag s");
      else if (dotAll) this.notes.add("(?s) on part of the pattern → . as [\\s\\S]");
      else this.notes.add("(?s) dropped: no . under it");
    }
    if (seen.has("m")) {
      const lines = this.nodes.some(
        (node) => node.kind === "assertion" && node.multiLine && (node.what === "^" || node.what === "$"),
      );
      this.notes.add(
        lines
          ? "(?m) → ^/$ as lookarounds for \\n (the JS m flag also breaks lines at \\r, U+2028, U+2029)"
          : "(?m) dropped: no ^ or $ under it",
      );
    }
    if (seen.has("U")) {
      const swapped = this.nodes.some((node) => node.kind === "repeat" && node.swapped);
      this.notes.add(
        swapped ? "(?U) → greedy and lazy quantifiers swapped" : "(?U) dropped: no quantifier under it",
      );
    }
  }

  private foldOf(node: { readonly fold: boolean }): FoldMode {
    return node.fold ? this.foldMode : "none";
  }

  // ---- emission ----

  private emit(node: Node): Emitted {
    switch (node.kind) {
      case "empty":
        return { text: "", atom: false };
      case "literal":
        return this.emitLiteral(node);
      case "dot":
        if (this.dotAllFlag) return { text: ".", atom: true };
        if (node.dotAll) return { text: "[\\s\\S]", atom: true };
        this.notes.add(NOTE_DOT);
        return { text: "[^\\n]", atom: true };
      case "assertion":
        return this.emitAssertion(node);
      case "class":
        return this.emitClass(node);
      case "group":
        return this.emitGroup(node);
      case "concat":
        return { text: node.parts.map((part) => this.emit(part).text).join(""), atom: false };
      case "alternation":
        return { text: node.branches.map((branch) => this.emit(branch).text).join("|"), atom: false };
      case "repeat":
        return this.emitRepeat(node);
      case "backref":
        return this.emitBackref(node);
    }
  }

  private emitLiteral(node: Extract<Node, { kind: "literal" }>): Emitted {
    if (this.foldOf(node) === "expand") {
      const orbit = foldOrbit(node.cp);
      if (orbit.length > 1) {
        this.notes.add(NOTE_EXPAND);
        return { text: `[${orbit.map(literalInClass).join("")}]`, atom: true };
      }
    }
    if (node.raw === "") {
      this.notes.add("\\Q…\\E → escaped literals");
      return { text: literalOutsideClass(node.cp), atom: true };
    }
    if (escapeValidOutsideClass(node.raw)) return { text: node.raw, atom: true };
    const text = braceHexEscape(node.raw) ?? literalOutsideClass(node.cp);
    this.noteEscape(node.raw, text);
    return { text, atom: true };
  }

  private noteEscape(raw: string, text: string): void {
    if (raw.length === 1) this.notes.add(`literal ${raw} → ${text} (u mode needs it escaped)`);
    else if (/^\\[^0-9A-Za-z]$/u.test(raw)) this.notes.add(`identity escape ${raw} → ${text}`);
    else this.notes.add(`${raw} → ${text}`);
  }

  private emitAssertion(node: Extract<Node, { kind: "assertion" }>): Emitted {
    switch (node.what) {
      case "^":
        // Positive lookarounds: V8 also tries starting inside a surrogate pair, where a negative
        // one like (?<![^\n]) would see no character and wrongly succeed.
        return { text: node.multiLine ? "(?<=^|\\n)" : "^", atom: false };
      case "$":
        return { text: node.multiLine ? "(?=\\n|$)" : "$", atom: false };
      case "\\A":
        this.notes.add("\\A → ^");
        return { text: "^", atom: false };
      case "\\z":
        this.notes.add("\\z → $");
        return { text: "$", atom: false };
      case "\\Z":
        this.notes.add("\\Z → (?=\\n?$) (end of text or before a final \\n)");
        return { text: "(?=\\n?$)", atom: false };
      default:
        return { text: node.what, atom: false };
    }
  }

  private emitGroup(node: Extract<Node, { kind: "group" }>): Emitted {
    const body = this.emit(node.body).text;
    switch (node.group) {
      case "capture":
        return { text: `(${body})`, atom: true };
      case "named": {
        const open = `(?<${this.jsNames.get(this.inputNumbers.get(node)!)!}>`;
        if (open !== node.open) this.notes.add(`${node.open} → ${open}`);
        return { text: `${open}${body})`, atom: true };
      }
      case "noncapture":
        return { text: `(?:${body})`, atom: true };
      case "atomic": {
        this.notes.add("atomic group (?>…) → lookahead + backreference");
        const number = this.insertedCaptures.get(node)!;
        return { text: `(?=(${body}))(?:\\${number})`, atom: false };
      }
      default:
        // Lookarounds: JS u mode does not allow quantifying them.
        return { text: `${node.open}${body})`, atom: false };
    }
  }

  private emitRepeat(node: Extract<Node, { kind: "repeat" }>): Emitted {
    const sub = this.emit(node.sub);
    let subText = sub.text;
    if (!sub.atom) {
      const lookaround = node.sub.kind === "group" && node.sub.group.includes("look");
      if (node.sub.kind === "assertion" || lookaround)
        this.notes.add("quantified assertion wrapped in (?:…)");
      subText = `(?:${subText})`;
    }
    const { min, max } = node;
    const base =
      max === Infinity
        ? min === 0
          ? "*"
          : min === 1
            ? "+"
            : `{${min},}`
        : min === 0 && max === 1
          ? "?"
          : min === max
            ? `{${min}}`
            : `{${min},${max}}`;
    if (node.possessive) {
      this.notes.add("possessive quantifier → lookahead + backreference");
      const number = this.insertedCaptures.get(node)!;
      return { text: `(?=(${subText}${base}))(?:\\${number})`, atom: false };
    }
    const quantifier = node.swapped ? `${base}${node.greedy ? "" : "?"}` : node.raw;
    return { text: `${subText}${quantifier}`, atom: false };
  }

  private emitBackref(node: Extract<Node, { kind: "backref" }>): Emitted {
    if (this.foldOf(node) === "expand") {
      throw new UntranslatableError(
        "a case-insensitive backreference needs the i flag, but other parts of the pattern are case-sensitive",
      );
    }
    if (typeof node.ref === "string") {
      const index = this.firstIndexOfName.get(node.ref);
      if (index === undefined)
        throw new UntranslatableError(`backreference to unknown group name ${node.ref}`);
      const jsName = this.jsNames.get(index)!;
      const text = `\\k<${jsName}>`;
      if (text !== node.raw) this.notes.add(`${node.raw} → ${text}`);
      return { text, atom: true };
    }
    const number = this.captureNumbers[node.ref];
    if (number === undefined)
      throw new UntranslatableError(`backreference \\${node.ref} to a group that does not exist`);
    if (number === node.ref && !node.beforeDigit) return { text: node.raw, atom: true };
    if (number !== node.ref) this.notes.add(`backreference ${node.raw} → \\${number} (groups were inserted)`);
    return { text: `(?:\\${number})`, atom: true };
  }

  // ---- character classes ----

  private emitClass(node: ClassNode): Emitted {
    const fold = this.foldOf(node);
    let chosen = node;
    let body = this.classBody(node, fold);
    // \P{…} is fine as is in JS unless (?i) needs its complement spelled out.
    const item = node.items[0];
    const needsFlip = body.complements.length > 0 || (!body.rawOk && item?.kind !== "prop");
    const flipped = needsFlip ? flipSingleNegatedItem(node) : undefined;
    if (flipped) {
      // A lone negated item JS cannot spell as is (\S, [:^alpha:], \P{…} under (?i)) reads better,
      // and is exact, as a negated class of its positive form.
      chosen = flipped;
      body = this.classBody(flipped, fold);
    }
    for (const note of body.notes) this.notes.add(note);

    if (body.complements.length === 0) {
      if (chosen === node && body.rawOk && !body.extraAdded) return { text: node.raw, atom: true };
      const singleEscape = /^\\(?:[dDwW]|[pP]\{[^}]+\})$/.test(body.body);
      const text =
        chosen.bare && !chosen.negated && singleEscape
          ? body.body
          : `[${chosen.negated ? "^" : ""}${body.body}]`;
      if (flipped) this.notes.add(`${node.raw} → ${text}`);
      return { text, atom: true };
    }
    // Only reachable in "expand" mode: complements of case-folded Unicode properties.
    const positive = body.body === "" ? [] : [`[${body.body}]`];
    if (!chosen.negated) {
      const alternatives = [...positive, ...body.complements.map((set) => `[^${set}]`)];
      return {
        text: alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join("|")})`,
        atom: true,
      };
    }
    const [first, ...rest] = body.complements;
    const guards = [...positive.map((set) => `(?!${set})`), ...rest.map((set) => `(?=[${set}])`)].join("");
    return { text: `(?:${guards}[${first!}])`, atom: true };
  }

  /**
   * The class body (between the brackets) for the given fold mode, plus complements that a u-mode
   * class cannot hold (complements of case-folded Unicode properties, "expand" mode only).
   */
  private classBody(
    node: ClassNode,
    fold: FoldMode,
  ): { body: string; complements: string[]; rawOk: boolean; extraAdded: boolean; notes: string[] } {
    const notes: string[] = [];
    const complements: string[] = [];
    const pieces: { text: string; rawOk: boolean; item: ClassItem }[] = [];
    for (const item of node.items) {
      const piece = itemText(item, fold, notes);
      if (piece.complement !== undefined) complements.push(piece.complement);
      else pieces.push({ text: piece.text, rawOk: piece.rawOk, item });
    }
    let extras: readonly Range[] = [];
    if (fold === "expand") {
      extras = foldExtras(classMembership(joinPieces(pieces, false, []).body));
      if (extras.length > 0) notes.push(NOTE_EXPAND);
    }
    const extraAdded = extras.length > 0;
    const joined = joinPieces(pieces, !extraAdded, notes);
    const body = joined.body + rangesToClassBody(extras);
    const rawOk = complements.length === 0 && joined.rawOk;
    return { body, complements, rawOk, extraAdded, notes };
  }
}

/**
 * Concatenates class pieces. RE2 reads `-` after a class escape (`\\w-x`) as a literal, whereas JS u
 * mode rejects it or reads a range, so such a dash is escaped; a final dash may stay when nothing
 * follows it (`dashMayBeLast`).
 */
function joinPieces(
  pieces: readonly { text: string; rawOk: boolean; item: ClassItem }[],
  dashMayBeLast: boolean,
  notes: string[],
): { body: string; rawOk: boolean } {
  let body = "";
  let rawOk = true;
  pieces.forEach((piece, index) => {
    let text = piece.text;
    if (!piece.rawOk) rawOk = false;
    if (text.startsWith("-") && index > 0) {
      const afterRange = pieces[index - 1]!.item.kind === "range";
      const lastDash = text === "-" && index === pieces.length - 1 && dashMayBeLast;
      if (!afterRange && !lastDash) {
        text = `\\${text}`;
        notes.push("literal - in class escaped (JS would read a range)");
        rawOk = false;
      }
    }
    body += text;
  });
  return { body, rawOk };
}

// ---- class items ----

/** `[^\W]` ≡ `[\w]`, `\P{L}` ≡ `[^\p{L}]`, also under (?i) in RE2: negation is applied after folding. */
function flipSingleNegatedItem(node: ClassNode): ClassNode | undefined {
  const [item] = node.items;
  if (node.items.length !== 1 || !item || !("negated" in item) || !item.negated) return undefined;
  const raw =
    item.kind === "perl"
      ? item.raw.toLowerCase()
      : item.kind === "posix"
        ? item.raw.replace("[:^", "[:")
        : item.raw.replace(/^\\P/, "\\p").replace(/^\\p\{\^/, "\\p{");
  return { ...node, negated: !node.negated, items: [{ ...item, negated: false, raw }], bare: false };
}

function itemText(
  item: ClassItem,
  fold: FoldMode,
  notes: string[],
): { text: string; rawOk: boolean; complement?: string } {
  switch (item.kind) {
    case "char":
      return charInClass(item.cp, item.raw, notes);
    case "range": {
      const lo = charInClass(item.lo, item.loRaw, notes);
      const hi = charInClass(item.hi, item.hiRaw, notes);
      return { text: `${lo.text}-${hi.text}`, rawOk: lo.rawOk && hi.rawOk };
    }
    case "perl":
      return perlItem(item, fold, notes);
    case "posix": {
      const set = POSIX_CLASSES.get(item.name)!;
      const text = rangesToClassBody(item.negated ? complementRanges(foldClosure(set, fold)) : set);
      notes.push(`POSIX [:${item.name}:] → explicit ranges`);
      return { text, rawOk: false };
    }
    case "prop":
      return propItem(item, fold, notes);
  }
}

function charInClass(cp: number, raw: string, notes: string[]): { text: string; rawOk: boolean } {
  if (escapeValidInClass(raw)) return { text: raw, rawOk: true };
  const text = braceHexEscape(raw) ?? literalInClass(cp);
  if (/^\\[^0-9A-Za-z]$/u.test(raw)) notes.push(`identity escape ${raw} → ${text}`);
  else if (raw.length > 1) notes.push(`${raw} → ${text}`);
  else notes.push(`literal ${raw} → ${text} (u mode needs it escaped)`);
  return { text, rawOk: false };
}

function perlItem(
  item: Extract<ClassItem, { kind: "perl" }>,
  fold: FoldMode,
  notes: string[],
): { text: string; rawOk: boolean } {
  if (item.name === "s") {
    // JS's \s also matches \v, U+00A0, U+FEFF, the Unicode spaces and line terminators.
    const text = rangesToClassBody(item.negated ? complementRanges(PERL_CLASSES.s) : PERL_CLASSES.s);
    notes.push("\\s narrowed to RE2's ASCII [\\t\\n\\f\\r ]");
    return { text, rawOk: false };
  }
  if (item.name === "w" && item.negated && fold === "expand") {
    // Without the i flag, JS's \W still contains U+017F and U+212A, which fold into \w.
    const text = rangesToClassBody(complementRanges(foldClosure(PERL_CLASSES.w, fold)));
    notes.push(`\\W under (?i) → ${text}`);
    return { text, rawOk: false };
  }
  return { text: item.raw, rawOk: true };
}

function propItem(
  item: Extract<ClassItem, { kind: "prop" }>,
  fold: FoldMode,
  notes: string[],
): { text: string; rawOk: boolean; complement?: string } {
  const positive = item.escapes.join("");
  if (!item.negated) {
    if (positive !== item.raw) notes.push(`${item.raw} → ${positive}`);
    return { text: positive, rawOk: positive === item.raw };
  }
  const negatedText = positive.replace(/^\\p/, "\\P");
  const extras = fold === "none" ? [] : foldExtras(classMembership(positive));
  if (extras.length === 0) {
    if (negatedText !== item.raw) notes.push(`${item.raw} → ${negatedText}`);
    return { text: negatedText, rawOk: negatedText === item.raw };
  }
  // RE2 negates after folding; JS's i flag folds the ready-made complement instead.
  notes.push(`${item.raw} under (?i) → complement of the case-folded class`);
  const closed = fold === "native" ? positive : positive + rangesToClassBody(extras);
  return { text: negatedText, rawOk: false, complement: closed };
}

function foldClosure(set: readonly Range[], fold: FoldMode): Range[] {
  if (fold === "none") return [...set];
  return normalizeRanges([...set, ...foldExtras((cp) => rangesContain(set, cp))]);
}

/** Membership test of a class body, evaluated by the JS engine itself (no i flag). */
function classMembership(body: string): (cp: number) => boolean {
  const matcher = new RegExp(`^[${body}]$`, "u");
  return (cp) => matcher.test(String.fromCodePoint(cp));
}

// ---- escape validity in u mode ----

/** RE2's `\x{HHHH}` is JS's `\u{HHHH}` (valid in and out of classes in u mode). */
function braceHexEscape(raw: string): string | undefined {
  const digits = /^\\x\{([0-9A-Fa-f]+)\}$/.exec(raw)?.[1];
  return digits === undefined ? undefined : `\\u{${digits}}`;
}

const SIMPLE_ESCAPE =
  /^\\([fnrtv]|x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}(\\u[0-9A-Fa-f]{4})?|u\{[0-9A-Fa-f]+\}|c[A-Za-z])$/;

/** Whether a literal's source spelling means the same character in u mode, outside a class. */
function escapeValidOutsideClass(raw: string): boolean {
  if (!raw.startsWith("\\")) return raw !== "{" && raw !== "}" && raw !== "]";
  if (raw.length === 2 && isSyntaxCharacter(raw[1]!)) return true;
  return SIMPLE_ESCAPE.test(raw);
}

/** Whether a class character's source spelling means the same character in u mode. */
function escapeValidInClass(raw: string): boolean {
  if (!raw.startsWith("\\")) return raw !== "]" && raw !== "\\";
  if (raw.length === 2 && (isSyntaxCharacter(raw[1]!) || raw[1] === "-")) return true;
  return SIMPLE_ESCAPE.test(raw);
}
