// ajv's options for a type's desired-state validator: one place for the runtime, which compiles a
// validator when it has none, and the build, which compiles every type's ahead of time.
import type { Options } from "ajv";
import { cfnRegExpEngine, type RegExpEngine } from "./regex/lenient-engine.js";

export function desiredStateAjvOptions(regExp: RegExpEngine = cfnRegExpEngine): Options {
  return {
    strict: false,
    allErrors: true,
    validateFormats: false,
    // generate checked every schema against the CloudFormation meta-schema already;
    // checking again would compile JSON Schema's own meta-schema in each process (~0.1 s).
    validateSchema: false,
    logger: false,
    code: { regExp },
  };
}
