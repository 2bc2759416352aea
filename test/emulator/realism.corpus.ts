// The realism sweep (realism-sweep.ts) over every real type with create and read handlers.
process.env.REALISM_SWEEP_COUNT ??= "all";
await import("./realism-sweep.js");
