// AWSCC_ONLY_TYPES: serve the schemas of some types instead of all 4,400. Terraform decodes and
// checks every schema a provider declares at the start of every command (about 0.6 s of CPU for
// this provider's, README#serving-fewer-types), whatever the configuration uses; a configuration of
// a few types can name them and skip that work.
import {
  buildSchemaCatalog,
  type ProviderDescription,
  type TypeNames,
  typeNamesOf,
} from "../protocol/provider-description.js";
import { DiagnosticsAnswer } from "../protocol/rpc/context.js";
import { errorDiagnostic } from "../terraform/provider-backend.js";
import type { Definition } from "../terraform/schema/types.js";

export const ONLY_TYPES_VARIABLE = "AWSCC_ONLY_TYPES";

/**
 * The variable's patterns: names separated by commas or white space, `*` matching any run of
 * characters (`awscc_s3_*`).
 */
export function parseTypePatterns(text: string): readonly string[] {
  const patterns = text.split(/[\s,]+/).filter((p) => p !== "");
  if (patterns.length === 0) throw new Error("it names no type");
  const invalid = patterns.filter((p) => !/^[a-z0-9_*]+$/.test(p));
  if (invalid.length > 0) {
    throw new Error(
      `${invalid.map((p) => JSON.stringify(p)).join(", ")} ` +
        "is not a Terraform type name or pattern (lower-case letters, digits, _ and *)",
    );
  }
  return patterns;
}

function patternRegex(pattern: string): RegExp {
  return new RegExp(`^${pattern.split("*").join(".*")}$`);
}

/**
 * The names the patterns select. A resource type brings its data sources along (the singular one
 * of the same name and the plural one, `pluralOf` its name: docs/mapping.md#plural-names); a data
 * source can also be named alone. A pattern that selects nothing is an error, so a typo does not
 * silently leave a type out.
 */
export function selectTypeNames(
  patterns: readonly string[],
  available: TypeNames,
  pluralOf: (resourceTypeName: string) => string,
): TypeNames {
  const regexes = patterns.map(patternRegex);
  const every = [...available.resources, ...available.dataSources];
  const unmatched = patterns.filter((_, i) => !every.some((name) => regexes[i]!.test(name)));
  if (unmatched.length > 0) {
    throw new Error(`${unmatched.join(", ")} matches no resource type or data source of this provider`);
  }
  const matches = (name: string) => regexes.some((regex) => regex.test(name));
  const resources = available.resources.filter(matches);
  const companions = new Set(resources.flatMap((name) => [name, pluralOf(name)]));
  const dataSources = available.dataSources.filter((name) => matches(name) || companions.has(name));
  return { resources, dataSources };
}

/**
 * The description serving only the types `patternText` selects: their schemas built from their
 * modules (the build's pre-encoded response holds every type), GetMetadata's names, identities and
 * list resources narrowed to them; every other type is unknown to this process. A bad pattern
 * answers the first call that needs the selection (GetProviderSchema or GetMetadata) with an error
 * diagnostic, which Terraform shows before it reads the configuration.
 */
export function describeSelectedTypes(
  description: ProviderDescription,
  patternText: string,
): ProviderDescription {
  type Selection = TypeNames & { readonly names: ReadonlySet<string> };
  let selected: Promise<Selection> | undefined;
  const selection = () =>
    (selected ??= Promise.all([
      typeNamesOf(description),
      // Loaded only here: the plural rules are no start-up work for a provider serving every type.
      import("../terraform/naming/naming.js"),
    ]).then(([available, { pluralTypeName }]) => {
      let names: TypeNames;
      try {
        names = selectTypeNames(
          parseTypePatterns(patternText),
          available,
          (name) => pluralTypeName(name).plural,
        );
      } catch (error) {
        // Terraform quotes it as "<summary>: <detail>." after its own words.
        const detail = `${(error as Error).message}; unset it to serve every type`;
        throw new DiagnosticsAnswer([errorDiagnostic(`Invalid ${ONLY_TYPES_VARIABLE}`, detail)]);
      }
      return { ...names, names: new Set([...names.resources, ...names.dataSources]) };
    }));
  // A resource and its singular data source share a name, so one set answers for both.
  const served = async (name: string) => (await selection()).names.has(name);
  const identityCatalog = description.identityCatalog?.bind(description);
  return {
    ...description,
    resource: async (name) => ((await served(name)) ? description.resource(name) : undefined),
    dataSource: async (name) => ((await served(name)) ? description.dataSource(name) : undefined),
    typeNames: async () => {
      const { resources, dataSources } = await selection();
      return { resources, dataSources };
    },
    encodedSchemaResponse: () => undefined,
    schemaCatalog: async () => {
      const { resources, dataSources } = await selection();
      const definitions = await Promise.all([
        ...resources.map((name) => description.resource(name)),
        ...dataSources.map((name) => description.dataSource(name)),
      ]);
      return buildSchemaCatalog(definitions.filter((d): d is Definition => d !== undefined));
    },
    ...(identityCatalog && {
      identityCatalog: async () => {
        const catalog = await identityCatalog();
        const resources = new Set((await selection()).resources);
        return {
          identities: Object.fromEntries(
            Object.entries(catalog.identities).filter(([name]) => resources.has(name)),
          ),
          listResources: catalog.listResources.filter((name) => resources.has(name)),
        };
      },
    }),
  };
}
