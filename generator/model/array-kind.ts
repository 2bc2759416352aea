// The four insertionOrder × uniqueItems combinations (docs/mapping.md#arrays).

export type ArrayKind = "list" | "orderedSet" | "multiset" | "set";

export function arrayKind(insertionOrder: boolean | undefined, uniqueItems: boolean | undefined): ArrayKind {
  const ordered = insertionOrder ?? true;
  const unique = uniqueItems ?? false;
  if (ordered) return unique ? "orderedSet" : "list";
  return unique ? "set" : "multiset";
}
