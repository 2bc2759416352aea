// The realism sweep (realism-sweep.ts) over a seeded sample of real types, for `npm test`; the
// whole corpus runs in `npm run test:corpus` (realism.corpus.ts).
process.env.REALISM_SWEEP_COUNT ??= "60";
await import("./realism-sweep.js");
