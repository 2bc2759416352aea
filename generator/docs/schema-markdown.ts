// The "## Schema" part of a page, laid out the way tfplugindocs lays out a framework provider's
// schema: Required / Optional / Read-Only groups, one line per attribute with its type label, then
// one "Nested Schema for `path`" section per nested attribute, in the order they were linked.
import type { Attribute, Attributes, AttributeType, ElementType } from "../../terraform/schema/types.js";

type Group = "Required" | "Optional" | "Read-Only";
const GROUPS: readonly Group[] = ["Required", "Optional", "Read-Only"];

function elementLabel(e: ElementType): string {
  switch (e.kind) {
    case "string":
      return "String";
    case "bool":
      return "Boolean";
    case "int64":
    case "float64":
      return "Number";
    case "list":
      return `List of ${elementLabel(e.element)}`;
    case "set":
      return `Set of ${elementLabel(e.element)}`;
    case "map":
      return `Map of ${elementLabel(e.element)}`;
  }
}

/** tfplugindocs' names: String, Number, Boolean, List of String, Attributes, Attributes List, … */
export function typeLabel(type: AttributeType): string {
  switch (type.kind) {
    case "object":
      return "Attributes";
    case "listNested":
      return "Attributes List";
    case "setNested":
      return "Attributes Set";
    case "mapNested":
      return "Attributes Map";
    default:
      return elementLabel(type);
  }
}

export function groupOf(a: Attribute): Group {
  if (a.required) return "Required";
  if (a.optional) return "Optional";
  return "Read-Only";
}

/** Anchor of a nested attribute's section, e.g. `nestedatt--tags` or `nestedatt--config--rules`. */
export function nestedAnchor(path: readonly string[]): string {
  return `nestedatt--${path.join("--")}`;
}

/** One line of description: schema texts carry newlines and runs of spaces that would break a list item. */
export function oneLine(text: string | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

interface Nested {
  readonly path: readonly string[];
  readonly attributes: Attributes;
}

function attributeLine(name: string, a: Attribute, path: readonly string[], queue: Nested[]): string {
  const flags = a.deprecated ? ", Deprecated" : "";
  let line = `- \`${name}\` (${typeLabel(a.type)}${flags})`;
  const description = oneLine(a.description);
  if (description !== "") line += ` ${description}`;
  if ("attributes" in a.type) {
    const childPath = [...path, name];
    queue.push({ path: childPath, attributes: a.type.attributes });
    line += ` (see [below for nested schema](#${nestedAnchor(childPath)}))`;
  }
  return line;
}

function groupedLines(
  attributes: Attributes,
  path: readonly string[],
  queue: Nested[],
  heading: (g: Group) => string,
): string[] {
  const out: string[] = [];
  const names = Object.keys(attributes).sort();
  for (const group of GROUPS) {
    const members = names.filter((n) => groupOf(attributes[n]!) === group);
    if (members.length === 0) continue;
    out.push(heading(group), "", ...members.map((n) => attributeLine(n, attributes[n]!, path, queue)), "");
  }
  return out;
}

/** The schema sections (without the "## Schema" heading): top-level groups, then nested sections. */
export function schemaMarkdown(attributes: Attributes): string {
  const queue: Nested[] = [];
  const lines = groupedLines(attributes, [], queue, (g) => `### ${g}`);
  // Breadth-first, as tfplugindocs: a section's own nested attributes follow the sections already queued.
  for (let i = 0; i < queue.length; i++) {
    const { path, attributes: members } = queue[i]!;
    lines.push(`<a id="${nestedAnchor(path)}"></a>`, `### Nested Schema for \`${path.join(".")}\``, "");
    lines.push(...groupedLines(members, path, queue, (g) => `${g}:`));
  }
  return lines.join("\n");
}
