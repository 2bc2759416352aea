// Module texts for one type: resource, singular and plural data source (docs/mapping.md#generated-modules).
import fs from "node:fs";
import path from "node:path";
import type {
  PluralDataSourceDefinition,
  ResourceDefinition,
  SingularDataSourceDefinition,
} from "../../terraform/schema/types.js";
import { repoRoot } from "../../cfn/paths.js";
import { attributesCode, jsonLiteral, literal, moduleAttributesCode, NS } from "./attribute-code.js";
import { ModuleWriter } from "./module-writer.js";

const headerTemplate = fs.readFileSync(path.join(repoRoot, "templates/module-header.txt"), "utf8");

export const moduleHeader = (cfnTypeName: string): string =>
  headerTemplate.replace(/\{\{cfnTypeName\}\}/g, cfnTypeName);

/** Path from a module in generated/<service>/ to the runtime's constructors. */
const DEFINE_IMPORT = "../../terraform/schema/define.js";

function writePrelude(m: ModuleWriter, cfnTypeName: string): void {
  const w = m.w;
  w.write(moduleHeader(cfnTypeName));
  w.blankLineIfLastNot();
  w.writeLine(`import * as ${NS} from "${DEFINE_IMPORT}";`);
  w.blankLine();
}

const stringList = (items: readonly string[]): string => `[${items.map(literal).join(", ")}]`;

export function resourceModule(d: ResourceDefinition): string {
  const m = new ModuleWriter();
  const w = m.w;
  writePrelude(m, d.cfnTypeName);
  const code = moduleAttributesCode(d.attributes, 1);
  if (code.constants !== "") {
    w.writeLine(
      "// Attribute trees this resource uses more than once, named after their CloudFormation definitions.",
    );
    w.write(m.raw(code.constants));
    w.blankLineIfLastNot();
  }
  w.write(`export default ${NS}.resource({`).indent(() => {
    w.writeLine(`cfnTypeName: ${literal(d.cfnTypeName)},`);
    w.writeLine(`tfTypeName: ${literal(d.tfTypeName)},`);
    w.writeLine(`description: ${m.literal(d.description)},`);
    w.writeLine(`schemaVersion: ${d.schemaVersion},`);
    w.writeLine(`attributes: ${m.raw(code.tree)},`);
    w.writeLine(`primaryIdentifier: ${stringList(d.primaryIdentifier)},`);
    w.writeLine(
      `identity: ${jsonLiteral(d.identity.map((i) => ({ name: i.name, description: i.description })))},`,
    );
    w.writeLine(`readOnlyProperties: ${stringList(d.readOnlyProperties)},`);
    w.writeLine(`createOnlyProperties: ${stringList(d.createOnlyProperties)},`);
    w.writeLine(`writeOnlyProperties: ${stringList(d.writeOnlyProperties)},`);
    w.writeLine(`isGlobal: ${d.isGlobal},`);
    w.writeLine(`isImmutable: ${d.isImmutable},`);
    w.writeLine(
      `timeouts: { create: ${d.timeouts.create}, update: ${d.timeouts.update}, delete: ${d.timeouts.delete} },`,
    );
    w.writeLine(`listable: ${d.listable},`);
    if (d.tagProperty !== undefined) w.writeLine(`tagProperty: ${literal(d.tagProperty)},`);
    if (d.noCreateHandler) w.writeLine("noCreateHandler: true,");
    if (d.propertyTransforms !== undefined)
      w.writeLine(`propertyTransforms: ${jsonLiteral(d.propertyTransforms)},`);
  });
  w.writeLine("});");
  return m.toString();
}

/** A singular data source whose resource module exists: derived from it by rule. */
export function derivedSingularDataSourceModule(
  d: SingularDataSourceDefinition,
  resourceModuleFile: string,
): string {
  const m = new ModuleWriter();
  const w = m.w;
  w.write(moduleHeader(d.cfnTypeName));
  w.blankLineIfLastNot();
  w.writeLine(`import * as ${NS} from "${DEFINE_IMPORT}";`);
  w.writeLine(`import resource from ${literal(`./${resourceModuleFile}.js`)};`);
  w.blankLine();
  w.writeLine("// Same attributes as the resource, all Computed; `id` is the Required lookup key.");
  w.writeLine(`export default ${NS}.singularDataSourceFrom(resource);`);
  return m.toString();
}

/** A singular data source without a resource module: its attributes are written out. */
export function singularDataSourceModule(d: SingularDataSourceDefinition): string {
  const m = new ModuleWriter();
  const w = m.w;
  writePrelude(m, d.cfnTypeName);
  w.write(`export default ${NS}.singularDataSource({`).indent(() => {
    w.writeLine(`cfnTypeName: ${literal(d.cfnTypeName)},`);
    w.writeLine(`tfTypeName: ${literal(d.tfTypeName)},`);
    w.writeLine(`description: ${literal(d.description)},`);
    w.writeLine(`attributes: ${m.raw(attributesCode(d.attributes, 1))},`);
  });
  w.writeLine("});");
  return m.toString();
}

export function pluralDataSourceModule(d: PluralDataSourceDefinition): string {
  const m = new ModuleWriter();
  const w = m.w;
  writePrelude(m, d.cfnTypeName);
  w.write(`export default ${NS}.pluralDataSource({`).indent(() => {
    w.writeLine(`cfnTypeName: ${literal(d.cfnTypeName)},`);
    w.writeLine(`tfTypeName: ${literal(d.tfTypeName)},`);
    w.writeLine(`description: ${literal(d.description)},`);
  });
  w.writeLine("});");
  return m.toString();
}
