// Does a changed pattern reject values the old one accepted? Deciding regex inclusion is out of
// reach, so this samples: it builds strings from the old pattern's parse tree (a few per node:
// shortest and next-shortest repetitions, each alternative, boundary characters of each class),
// keeps those the old pattern really accepts, and tries them on the new one. One rejected sample
// proves narrowing; none rejected means "widened or equivalent as far as the samples go".
import type { ClassItem, Node } from "../../cfn/regex/ast.js";
import { POSIX_CLASSES } from "../../cfn/regex/named-classes.js";
import { parsePattern } from "../../cfn/regex/parse.js";
import { translatePattern } from "../../cfn/regex/translate.js";

export type PatternVerdict =
  | { readonly kind: "narrowed"; readonly example: string }
  | { readonly kind: "notNarrowed"; readonly samples: number }
  | { readonly kind: "unknown"; readonly why: string };

/** Upper bound on the strings kept per node, so long concatenations stay linear. */
const LIMIT = 64;

/** Characters tried where a class has no cheap representatives (negated classes, \p{…}, dot). */
const PROBE = [..."aZ09_-./: @+=,()'é中Ω!#*$%\\"];

function compileRe2(pattern: string): RegExp | undefined {
  const t = translatePattern(pattern);
  return t.ok ? new RegExp(t.source, t.flags) : undefined;
}

function itemCandidates(item: ClassItem): number[] {
  switch (item.kind) {
    case "char":
      return [item.cp];
    case "range":
      return [item.lo, Math.floor((item.lo + item.hi) / 2), item.hi];
    case "perl":
      return item.negated ? [] : { d: [0x30, 0x37], s: [0x20], w: [0x61, 0x5a, 0x35, 0x5f] }[item.name];
    case "posix":
      return item.negated ? [] : (POSIX_CLASSES.get(item.name) ?? []).flatMap(([lo, hi]) => [lo, hi]);
    case "prop":
      return [];
  }
}

function classSamples(node: Extract<Node, { kind: "class" }>): string[] {
  const direct = node.negated ? [] : node.items.flatMap(itemCandidates).map((cp) => String.fromCodePoint(cp));
  const candidates = [...new Set([...direct, ...PROBE])];
  const re = compileRe2(`${node.fold ? "(?i)" : ""}^(?:${node.raw})$`);
  const members = re ? candidates.filter((c) => re.test(c)) : candidates;
  return members.slice(0, 8);
}

function dedupe(values: string[]): string[] {
  return [...new Set(values)].slice(0, LIMIT);
}

/** The first sample of each part, then each part's other samples one at a time: linear, not a product. */
function concatSamples(parts: readonly string[][]): string[] {
  if (parts.some((p) => p.length === 0)) return [];
  const firsts = parts.map((p) => p[0]!);
  const out = [firsts.join("")];
  parts.forEach((p, i) => {
    for (const alt of p.slice(1)) out.push([...firsts.slice(0, i), alt, ...firsts.slice(i + 1)].join(""));
  });
  return dedupe(out);
}

function repeatSamples(sub: string[], min: number, max: number): string[] {
  const counts = [...new Set([min, Math.min(min + 1, max), Number.isFinite(max) && max <= 256 ? max : min])];
  const out: string[] = [];
  for (const n of counts) {
    if (n === 0) {
      out.push("");
      continue;
    }
    if (sub.length === 0) continue;
    out.push(...concatSamples(Array.from({ length: n }, () => sub)));
  }
  return dedupe(out);
}

function samples(node: Node): string[] {
  switch (node.kind) {
    case "empty":
    case "assertion":
      return [""];
    case "literal":
      return [String.fromCodePoint(node.cp)];
    case "dot":
      return PROBE.slice(0, 6);
    case "class":
      return classSamples(node);
    case "group":
      return node.group.includes("look") ? [""] : samples(node.body);
    case "concat":
      return concatSamples(node.parts.map(samples));
    case "alternation":
      return dedupe(node.branches.flatMap(samples));
    case "repeat":
      return repeatSamples(samples(node.sub), node.min, node.max);
    case "backref":
      return [""];
  }
}

/** Strings the pattern accepts, built from its own structure (at most a few hundred). */
export function acceptedSamples(pattern: string): string[] | undefined {
  const re = compileRe2(pattern);
  if (!re) return undefined;
  let candidates: string[];
  try {
    candidates = samples(parsePattern(pattern).root);
  } catch {
    return undefined;
  }
  // Padded copies catch anchoring: an unanchored old pattern accepts text around the match.
  const padded = candidates.map((c) => `!${c}!`);
  return dedupeAll([...candidates, ...padded]).filter((c) => re.test(c));
}

const dedupeAll = (values: string[]): string[] => [...new Set(values)];

export function comparePatterns(before: string, after: string): PatternVerdict {
  const next = compileRe2(after);
  if (!next) return { kind: "unknown", why: "the new pattern cannot be compiled" };
  const accepted = acceptedSamples(before);
  if (accepted === undefined) return { kind: "unknown", why: "the old pattern cannot be compiled" };
  if (accepted.length === 0) return { kind: "unknown", why: "no sample of the old pattern could be built" };
  const rejected = accepted.find((s) => !next.test(s));
  return rejected !== undefined
    ? { kind: "narrowed", example: rejected }
    : { kind: "notNarrowed", samples: accepted.length };
}
