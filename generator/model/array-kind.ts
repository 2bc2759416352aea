// The four insertionOrder × uniqueItems combinations (cfn-mapping.md §4.2).

export type ArrayKind = "list" | "orderedSet" | "multiset" | "set";

export function arrayKind(insertionOrder: boolean | undefined, uniqueItems: boolean | undefined): ArrayKind {
  const ordered = insertionOrder ?? true;
  const unique = uniqueItems ?? false;
  if (ordered) return unique ? "orderedSet" : "list";
  return unique ? "set" : "multiset";
}
