// The Cloud Control identifiers a Terraform state file tracks: every awscc resource instance keeps
// its identifier in the `id` attribute (compound identifiers as Cloud Control spells them, "a|b").
import { readFileSync } from "node:fs";
import { TERRAFORM_TYPE_NAME_PREFIX } from "../../terraform/naming/naming.js";

export interface TrackedObject {
  readonly tfType: string;
  readonly identifier: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The awscc managed-resource instances of a state (JSON format version 4) with their ids. */
export function trackedObjects(state: unknown, file: string): TrackedObject[] {
  if (!isObject(state) || state.version !== 4 || !Array.isArray(state.resources)) {
    throw new Error(`${file}: not a Terraform state file (expected JSON with "version": 4 and "resources")`);
  }
  const tracked: TrackedObject[] = [];
  state.resources.forEach((resource: unknown, index) => {
    if (!isObject(resource)) throw new Error(`${file}: /resources/${index} is not an object`);
    const tfType = resource.type;
    if (resource.mode !== "managed" || typeof tfType !== "string") return;
    if (!tfType.startsWith(`${TERRAFORM_TYPE_NAME_PREFIX}_`)) return;
    const instances = Array.isArray(resource.instances) ? resource.instances : [];
    for (const instance of instances) {
      const id = isObject(instance) && isObject(instance.attributes) ? instance.attributes.id : undefined;
      if (typeof id === "string" && id !== "") tracked.push({ tfType, identifier: id });
    }
  });
  return tracked;
}

export function readTrackedObjects(file: string): TrackedObject[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read state file ${file}: ${(error as Error).message}`, { cause: error });
  }
  // Terraform killed during its first apply leaves an empty file, which it reads as an empty state:
  // it tracks nothing, and every recent create is an orphan.
  if (text.trim() === "") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return trackedObjects(parsed, file);
}
