// Terraform's load-time schema checks (docs/protocol.md#schemas), restated for our wire schemas, so
// that tests can show a schema would not be refused as "invalid schema … bug in the provider".
import { typeFromJson } from "../../terraform/values/index.js";
import type { AttributeMessage, SchemaMessage } from "../../protocol/schema-message.js";

const NAME = /^[a-z0-9_]+$/;

export function schemaProblems(schema: SchemaMessage, where: string): string[] {
  const problems: string[] = [];
  if (!Number.isInteger(schema.version) || schema.version < 0)
    problems.push(`${where}: bad version ${schema.version}`);
  checkAttributes(schema.block.attributes, where, problems);
  return problems;
}

function checkAttributes(attributes: readonly AttributeMessage[], where: string, problems: string[]): void {
  const seen = new Set<string>();
  for (const a of attributes) {
    const at = `${where}.${a.name}`;
    if (!NAME.test(a.name)) problems.push(`${at}: invalid name`);
    if (seen.has(a.name)) problems.push(`${at}: duplicate name`);
    seen.add(a.name);
    if (!a.required && !a.optional && !a.computed) problems.push(`${at}: none of required/optional/computed`);
    if (a.required && a.optional) problems.push(`${at}: both required and optional`);
    if (a.required && a.computed) problems.push(`${at}: both required and computed`);
    if ((a.type === undefined) === (a.nestedType === undefined))
      problems.push(`${at}: needs exactly one of type/nested_type`);
    if (a.type !== undefined) {
      try {
        typeFromJson(a.type);
      } catch (error) {
        problems.push(`${at}: ${(error as Error).message}`);
      }
    }
    if (a.nestedType) checkAttributes(a.nestedType.attributes, at, problems);
  }
}
