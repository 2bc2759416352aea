// Entry of a generator worker thread. Worker threads do not inherit tsx's module loader, so the
// worker registers it before importing the TypeScript worker module.
import { register } from "tsx/esm/api";

register();
await import("./shard-worker.ts");
