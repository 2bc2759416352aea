// One of compileValidatorAssets' worker processes: compiles the validators of the types it is
// sent, writes them, answers with what it wrote, and exits.
import { effectiveSchemas } from "./generated-tree.js";
import { type ValidatorWork, writeValidatorAssets } from "./validator-assets.js";

process.once("message", (message) => {
  const work = message as ValidatorWork;
  const result = writeValidatorAssets(work.types, effectiveSchemas(work.generatedDir), work.dir);
  process.send!(result, () => process.disconnect());
});
