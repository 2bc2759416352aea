// Reads a generated page back into its parts, so the docs tests check structure, not golden text.
import type { Attribute, Attributes } from "../../terraform/schema/types.js";

export interface ParsedPage {
  readonly frontMatter: Readonly<Record<string, string>>;
  readonly heading: string;
  /** "## …" headings in order. */
  readonly sections: readonly string[];
  /** Top-level group → attribute names listed in it. */
  readonly groups: Readonly<Record<string, readonly string[]>>;
  /** Attribute name → the type label in parentheses (top level). */
  readonly labels: Readonly<Record<string, string>>;
  readonly anchors: readonly string[];
  readonly links: readonly string[];
  /** Nested section titles, e.g. `settings.window`. */
  readonly nestedTitles: readonly string[];
  readonly codeBlocks: readonly { readonly language: string; readonly body: string }[];
}

export function parsePage(text: string): ParsedPage {
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const frontMatter: Record<string, string> = {};
  if (fm) {
    const lines = fm[1]!.split("\n");
    for (let i = 0; i < lines.length; i++) {
      const m = /^(\w+): (.*)$/.exec(lines[i]!);
      if (!m) continue;
      if (m[2] === "|-") {
        const body: string[] = [];
        while (i + 1 < lines.length && (lines[i + 1]!.startsWith("  ") || lines[i + 1] === ""))
          body.push(lines[++i]!.slice(2));
        frontMatter[m[1]!] = body.join("\n");
      } else {
        frontMatter[m[1]!] = JSON.parse(m[2]!) as string;
      }
    }
  }
  const codeBlocks = [...text.matchAll(/^```(\w*)\n([\s\S]*?)\n```$/gm)].map((m) => ({
    language: m[1]!,
    body: m[2]!,
  }));
  const body = fm ? text.slice(fm[0].length) : text;
  const withoutCode = body.replace(/^```\w*\n[\s\S]*?\n```$/gm, "");
  const schema = withoutCode.slice(withoutCode.indexOf("## Schema"));
  const topLevel = schema.split(/^<a id=/m)[0]!;
  const groups: Record<string, string[]> = {};
  const labels: Record<string, string> = {};
  for (const block of topLevel.split(/^### /m).slice(1)) {
    const [title, ...rest] = block.split("\n");
    const names = rest.flatMap((l) => {
      const m = /^- `([^`]+)` \(([^)]+)\)/.exec(l);
      if (!m) return [];
      labels[m[1]!] = m[2]!;
      return [m[1]!];
    });
    groups[title!.trim()] = names;
  }
  return {
    frontMatter,
    heading: /^# (.+)$/m.exec(withoutCode)?.[1] ?? "",
    sections: [...withoutCode.matchAll(/^## (.+)$/gm)].map((m) => m[1]!),
    groups,
    labels,
    anchors: [...text.matchAll(/^<a id="([^"]+)"><\/a>$/gm)].map((m) => m[1]!),
    links: [...text.matchAll(/\(see \[below for nested schema\]\(#([^)]+)\)\)/g)].map((m) => m[1]!),
    nestedTitles: [...text.matchAll(/^### Nested Schema for `([^`]+)`$/gm)].map((m) => m[1]!),
    codeBlocks,
  };
}

/** Every attribute path with nested attributes, e.g. `settings`, `settings.window`, from the definition. */
export function nestedPaths(attributes: Attributes, prefix: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const [name, a] of Object.entries(attributes) as [string, Attribute][]) {
    if (!("attributes" in a.type)) continue;
    const path = [...prefix, name];
    out.push(path.join("."), ...nestedPaths(a.type.attributes, path));
  }
  return out;
}

/** The group tfplugindocs puts an attribute in, computed from the flags. */
export function expectedGroup(a: Attribute): string {
  return a.required ? "Required" : a.optional ? "Optional" : "Read-Only";
}
