#!/usr/bin/env node
// The awscc-ts command (package.json "bin"): the project runs from its TypeScript sources, so the
// command registers tsx's loader before importing the CLI, as `npm run generate` does with tsx.
import { register } from "tsx/esm/api";

register();
await import("../cli/main.ts");
