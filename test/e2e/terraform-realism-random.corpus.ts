// The randomized Terraform lifecycle under the emulator's realism profile (realism-random-lifecycle.ts)
// under two more seeds than the suite's: `npm run test:corpus`, which CI runs beside `npm test`.
import { realismLifecycleSuite, seedsOr } from "./realism-random-lifecycle.js";

realismLifecycleSuite(seedsOr("11,13"));
