// Every page of the documentation for a generation plan: the pages of each planned type (only the
// modules the plan generates) and the index.
import type { Definition } from "../../terraform/schema/types.js";
import type { GenerationPlan, PlannedType } from "../pipeline/plan.js";
import { identifierParts } from "./import-id.js";
import { indexPage, type IndexEntry } from "./index-page.js";
import { type DocPage, pluralDataSourcePage, resourcePage, singularDataSourcePage } from "./pages.js";

/** The pages of one type; identifier names come from the model's resource even when it is not generated. */
export function typePages(t: PlannedType): DocPage[] {
  const service = t.model.names.service;
  const parts = t.model.resource ? identifierParts(t.model.resource) : [];
  const hasResource = t.definitions.some((d) => d.kind === "resource");
  return t.definitions.map((d: Definition) => {
    switch (d.kind) {
      case "resource":
        return resourcePage(d, service, parts);
      case "singularDataSource":
        return singularDataSourcePage(d, service, parts, hasResource);
      case "pluralDataSource":
        return pluralDataSourcePage(d, service);
    }
  });
}

export function docPages(plan: GenerationPlan): DocPage[] {
  const pages: DocPage[] = [];
  const entries: IndexEntry[] = [];
  for (const t of plan.types) {
    const own = typePages(t);
    pages.push(...own);
    t.definitions.forEach((d, i) =>
      entries.push({
        service: t.model.names.service,
        tfTypeName: d.tfTypeName,
        kind: d.kind,
        path: own[i]!.path,
      }),
    );
  }
  pages.push(indexPage(entries));
  return pages.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
