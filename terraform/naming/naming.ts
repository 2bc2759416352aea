// Naming rules of the Go provider (docs/mapping.md#naming): CloudFormation names to
// Terraform names. Every function is pure; the plural rules live in pluralize-rules.ts.
import { CUSTOM_PLURAL_ENDINGS, goCompatiblePlural } from "./pluralize-rules.js";

/** Brand spellings that would otherwise be split (CloudFront → cloud_front). */
const PROPERTY_NAME_REPLACEMENTS: readonly (readonly [string, string])[] = [
  ["CloudFormation", "Cloudformation"],
  ["CloudFront", "Cloudfront"],
  ["CloudWatch", "Cloudwatch"],
  ["CNAMEs", "Cnames"],
  ["FSx", "Fsx"],
  ["OTel", "Otel"],
];

type ByteClass = "upper" | "lower" | "digit" | "other";

function classify(code: number | undefined): ByteClass | undefined {
  if (code === undefined) return undefined;
  if (code >= 0x41 && code <= 0x5a) return "upper";
  if (code >= 0x61 && code <= 0x7a) return "lower";
  if (code >= 0x30 && code <= 0x39) return "digit";
  return "other";
}

/**
 * CloudFormation property name → Terraform attribute name (docs/mapping.md#attribute-names), e.g.
 * `GlobalReplicationGroupDescription` → `global_replication_group_description`,
 * `NotificationARNs` → `notification_ar_ns`, `s3BackupMode` → `s_3_backup_mode`.
 */
export function attributeName(cfnPropertyName: string): string {
  let cached = attributeNames.get(cfnPropertyName);
  if (cached === undefined) {
    cached = snakeCaseBytes(cfnPropertyName);
    attributeNames.set(cfnPropertyName, cached);
  }
  return cached;
}

/** Property names repeat across the corpus (Key, Value, Name…): each is converted once. */
const attributeNames = new Map<string, string>();

function snakeCaseBytes(cfnPropertyName: string): string {
  let name = cfnPropertyName.trim();
  for (const [from, to] of PROPERTY_NAME_REPLACEMENTS) name = name.split(from).join(to);

  // Go walks bytes, so a non-ASCII character yields one `_` per UTF-8 byte.
  const bytes = Buffer.from(name, "utf8");
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const code = bytes[i]!;
    const current = classify(code);
    const previous = classify(bytes[i - 1]);
    const next = classify(bytes[i + 1]);
    if (current === "other") {
      out += "_";
      continue;
    }
    // End of an acronym: the last capital of a run starts the next word (DBInstance → db_instance).
    if (current === "upper" && next === "lower" && previous === "upper") out += "_";
    out += String.fromCharCode(current === "upper" ? code + 0x20 : code);
    if (current === "lower" && (next === "upper" || next === "digit")) out += "_";
    else if (current === "digit" && (next === "upper" || next === "lower")) out += "_";
  }
  return out;
}

export interface TypeNames {
  /** `AWS` */
  readonly organization: string;
  /** `Logs` */
  readonly service: string;
  /** `LogGroup` */
  readonly resource: string;
  /** Lower-cased service, never snake-cased: `ApiGatewayV2` → `apigatewayv2`. */
  readonly serviceDir: string;
  /** `log_group` */
  readonly resourceSnake: string;
  /** `awscc_logs_log_group` */
  readonly tfTypeName: string;
  /** `awscc_logs_log_groups` */
  readonly pluralTfTypeName: string;
  /** True when the plural name equals the singular, so no plural data source can exist. */
  readonly pluralCollidesWithSingular: boolean;
  /** Base name for generated files: `log_group`. */
  readonly moduleBaseName: string;
}

/** Same shape as the Go provider's check: three alphanumeric parts of 2 to 64 characters. */
const CFN_TYPE_NAME = /^([a-zA-Z0-9]{2,64})::([a-zA-Z0-9]{2,64})::([a-zA-Z0-9]{2,64})$/;

export const TERRAFORM_TYPE_NAME_PREFIX = "awscc";

/** `AWS::<Service>::<Resource>` → all names derived from it (docs/mapping.md#type-names). Throws on a malformed name. */
export function typeNames(cfnTypeName: string): TypeNames {
  const match = CFN_TYPE_NAME.exec(cfnTypeName);
  if (!match) {
    throw new Error(
      `invalid CloudFormation type name ${JSON.stringify(cfnTypeName)}: ` +
        `expected Organization::Service::Resource, each part 2-64 letters or digits`,
    );
  }
  const [, organization, service, resource] = match as unknown as [string, string, string, string];
  const serviceDir = service.toLowerCase();
  const resourceSnake = attributeName(resource);
  const tfTypeName = `${TERRAFORM_TYPE_NAME_PREFIX}_${serviceDir}_${resourceSnake}`;
  const plural = pluralTypeName(tfTypeName);
  return {
    organization,
    service,
    resource,
    serviceDir,
    resourceSnake,
    tfTypeName,
    pluralTfTypeName: plural.plural,
    pluralCollidesWithSingular: plural.collidesWithSingular,
    moduleBaseName: resourceSnake,
  };
}

export interface PluralName {
  readonly plural: string;
  /** plural === singular: the plural data source must be suppressed. */
  readonly collidesWithSingular: boolean;
}

const TYPE_NAME_PLURAL_SUFFIX = "_plural";

/**
 * Plural of a whole Terraform type name (docs/mapping.md#plural-names), e.g. `awscc_kendra_index` → `awscc_kendra_indices`,
 * `awscc_ec2_dhcp_options` → `awscc_ec2_dhcp_options_plural`, `awscc_datasync_location_s3` →
 * `awscc_datasync_location_s3s`.
 */
export function pluralTypeName(singular: string): PluralName {
  // pluralize has whole-word dictionaries we cannot switch off; type names never hit them.
  if (!/^[a-z0-9]+(_[a-z0-9]+)+$/.test(singular)) {
    throw new Error(
      `pluralTypeName expects a snake-case Terraform type name such as awscc_logs_log_group, got ${JSON.stringify(singular)}`,
    );
  }
  let plural = goCompatiblePlural()(singular);
  if (plural === singular) {
    if (CUSTOM_PLURAL_ENDINGS.some((ending) => ending.test(singular))) plural += TYPE_NAME_PLURAL_SUFFIX;
    else if (/[0-9]$/.test(singular)) plural += "s";
  }
  return { plural, collidesWithSingular: plural === singular };
}

/**
 * Identity attribute name for one primary-identifier pointer (docs/mapping.md#the-resource-its-identity-and-its-data-sources), e.g. `/properties/Provider` →
 * `provider_name`, `/properties/StorageLensConfiguration/Id` → `storage_lens_configuration_id`.
 * Accepts the raw pointer or its property-name segments. Uses the regex snake case, not docs/mapping.md#attribute-names.
 */
export function identityName(pointer: string | readonly string[]): string {
  const segments = typeof pointer === "string" ? pointer.replace(/^\/properties\//, "").split("/") : pointer;
  let name = segments.join("");
  if (name === "Provider") name = "ProviderName";
  return regexSnakeCase(name);
}

/** Split before `X[a-z]+`, then between `[a-z0-9]` and `[A-Z]`, then lower-case. */
export function regexSnakeCase(name: string): string {
  return name
    .replace(/(.)([A-Z][a-z]+)/g, "$1_$2")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

/**
 * Terraform name of a root-level property (docs/mapping.md#top-level-renames): `Id` → `<resourceSnake>_id` (e.g. `flow_log_id`),
 * `Provider` → `provider_name`; anything else is plain {@link attributeName}.
 */
export function topLevelAttributeName(cfnName: string, resourceSnake: string): string {
  const name = attributeName(cfnName);
  if (name === "id") return `${resourceSnake}_id`;
  if (name === "provider") return "provider_name";
  return name;
}

const META_ARGUMENTS: ReadonlySet<string> = new Set(["count", "depends_on", "for_each", "lifecycle"]);

/** True for a Terraform (snake) name that Terraform reserves at the root of a resource block. */
export function isMetaArgument(terraformName: string): boolean {
  return META_ARGUMENTS.has(terraformName);
}
