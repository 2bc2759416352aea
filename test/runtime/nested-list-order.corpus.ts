// Lists of objects inside list elements read back in the user's order (nested-list-sweep.ts), for
// every generated type that has them (npm run test:corpus).
import { describeNestedListSweep, everyResourceType, typesWithInnerLists } from "./nested-list-sweep.js";

describeNestedListSweep(
  "lists of objects inside list elements read back in the user's order (every type)",
  await typesWithInnerLists(everyResourceType()),
);
