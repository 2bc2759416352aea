// Module texts for one type: resource, singular and plural data source (cfn-mapping.md §8).
import fs from "node:fs";
import path from "node:path";
import { CodeBlockWriter } from "ts-morph";
import type {
  PluralDataSourceDefinition,
  ResourceDefinition,
  SingularDataSourceDefinition,
} from "../../runtime/schema/types.js";
import { repoRoot } from "../config/paths.js";
import { jsonLiteral, literal, NS, writeAttributes } from "./attribute-code.js";

const headerTemplate = fs.readFileSync(path.join(repoRoot, "templates/module-header.txt"), "utf8");

export const moduleHeader = (cfnTypeName: string): string =>
  headerTemplate.replace(/\{\{cfnTypeName\}\}/g, cfnTypeName);

function newWriter(): CodeBlockWriter {
  return new CodeBlockWriter({ indentNumberOfSpaces: 2, newLine: "\n", useTabs: false });
}

/** Path from a module in generated/<service>/ to the runtime's constructors. */
const DEFINE_IMPORT = "../../runtime/schema/define.js";

function writePrelude(w: CodeBlockWriter, cfnTypeName: string): void {
  w.write(moduleHeader(cfnTypeName));
  w.blankLineIfLastNot();
  w.writeLine(`import * as ${NS} from "${DEFINE_IMPORT}";`);
  w.blankLine();
}

const stringList = (items: readonly string[]): string => `[${items.map(literal).join(", ")}]`;

export function resourceModule(d: ResourceDefinition): string {
  const w = newWriter();
  writePrelude(w, d.cfnTypeName);
  w.write(`export default ${NS}.resource({`).indent(() => {
    w.writeLine(`cfnTypeName: ${literal(d.cfnTypeName)},`);
    w.writeLine(`tfTypeName: ${literal(d.tfTypeName)},`);
    w.writeLine(`description: ${literal(d.description)},`);
    w.writeLine(`schemaVersion: ${d.schemaVersion},`);
    w.write("attributes: ");
    writeAttributes(w, d.attributes);
    w.write(",").newLine();
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
  });
  w.writeLine("});");
  return w.toString();
}

/** A singular data source whose resource module exists: derived from it by rule. */
export function derivedSingularDataSourceModule(
  d: SingularDataSourceDefinition,
  resourceModuleFile: string,
): string {
  const w = newWriter();
  w.write(moduleHeader(d.cfnTypeName));
  w.blankLineIfLastNot();
  w.writeLine(`import * as ${NS} from "${DEFINE_IMPORT}";`);
  w.writeLine(`import resource from ${literal(`./${resourceModuleFile}.js`)};`);
  w.blankLine();
  w.writeLine("// Same attributes as the resource, all Computed; `id` is the Required lookup key.");
  w.writeLine(`export default ${NS}.singularDataSourceFrom(resource);`);
  return w.toString();
}

/** A singular data source without a resource module: its attributes are written out. */
export function singularDataSourceModule(d: SingularDataSourceDefinition): string {
  const w = newWriter();
  writePrelude(w, d.cfnTypeName);
  w.write(`export default ${NS}.singularDataSource({`).indent(() => {
    w.writeLine(`cfnTypeName: ${literal(d.cfnTypeName)},`);
    w.writeLine(`tfTypeName: ${literal(d.tfTypeName)},`);
    w.writeLine(`description: ${literal(d.description)},`);
    w.write("attributes: ");
    writeAttributes(w, d.attributes);
    w.write(",").newLine();
  });
  w.writeLine("});");
  return w.toString();
}

export function pluralDataSourceModule(d: PluralDataSourceDefinition): string {
  const w = newWriter();
  writePrelude(w, d.cfnTypeName);
  w.write(`export default ${NS}.pluralDataSource({`).indent(() => {
    w.writeLine(`cfnTypeName: ${literal(d.cfnTypeName)},`);
    w.writeLine(`tfTypeName: ${literal(d.tfTypeName)},`);
    w.writeLine(`description: ${literal(d.description)},`);
  });
  w.writeLine("});");
  return w.toString();
}
