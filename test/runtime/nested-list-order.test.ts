// Lists of objects inside list elements read back in the user's order (nested-list-sweep.ts), for
// the types known to have them; nested-list-order.corpus.ts sweeps every generated type.
import { describeNestedListSweep, KNOWN_TYPES, typesWithInnerLists } from "./nested-list-sweep.js";

describeNestedListSweep(
  "lists of objects inside list elements read back in the user's order (known types)",
  await typesWithInnerLists(KNOWN_TYPES),
);
