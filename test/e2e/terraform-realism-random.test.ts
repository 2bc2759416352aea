// The randomized Terraform lifecycle under the emulator's realism profile (realism-random-lifecycle.ts),
// one seed in the suite; terraform-realism-random.corpus.ts runs two more with `npm run test:corpus`.
import { realismLifecycleSuite, seedsOr } from "./realism-random-lifecycle.js";

realismLifecycleSuite(seedsOr("7"));
