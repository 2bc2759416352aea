// The provider block (docs/runtime.md#provider-configuration) read from its Terraform value into plain
// settings, with the checks ValidateProviderConfig reports. Unknown values are an error at
// configure time (awscc behaves the same); at validate time they are skipped.
import { type Diagnostic, errorDiagnostic, warningDiagnostic } from "../../terraform/provider-backend.js";
import { numberToDouble } from "../../terraform/values/number.js";
import type { AttributePath } from "../../terraform/values/path.js";
import {
  isNumber,
  isRecord,
  isUnknown,
  isWhollyKnown,
  type TfRecord,
  type TfValue,
} from "../../terraform/values/value.js";

export interface AssumeRoleSettings {
  readonly roleArn: string;
  readonly durationSeconds?: number;
  readonly externalId?: string;
  readonly policy?: string;
  readonly policyArns?: string[];
  readonly sessionName?: string;
  readonly tags?: Record<string, string>;
  readonly transitiveTagKeys?: string[];
}

export interface WebIdentitySettings {
  readonly roleArn?: string;
  readonly durationSeconds?: number;
  readonly policy?: string;
  readonly policyArns?: string[];
  readonly sessionName?: string;
  readonly webIdentityToken?: string;
  readonly webIdentityTokenFile?: string;
}

export interface UserAgentProduct {
  readonly productName: string;
  readonly productVersion?: string;
  readonly comment?: string;
}

export interface ProviderSettings {
  readonly region?: string;
  readonly accessKey?: string;
  readonly secretKey?: string;
  readonly token?: string;
  readonly profile?: string;
  readonly sharedConfigFiles?: string[];
  readonly sharedCredentialsFiles?: string[];
  readonly assumeRole?: AssumeRoleSettings;
  readonly assumeRoleWithWebIdentity?: WebIdentitySettings;
  readonly endpoints: {
    readonly cloudcontrolapi?: string;
    readonly sts?: string;
    readonly iam?: string;
    readonly sso?: string;
  };
  readonly roleArn?: string;
  readonly maxRetries: number;
  readonly insecure: boolean;
  readonly skipMetadataApiCheck?: boolean;
  readonly httpProxy?: string;
  readonly httpsProxy?: string;
  readonly noProxy?: string;
  readonly userAgent: UserAgentProduct[];
  /** default_tags.tags: merged into every resource's tags_all. */
  readonly defaultTags: ReadonlyMap<string, string>;
}

export const DEFAULT_MAX_RETRIES = 25;

const GO_DURATION = /^(?:(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns))+$/;
const GO_DURATION_PART = /(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g;
const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, µs: 1e-6, ns: 1e-9 };

/** Seconds of a Go duration string ("1h30m", "900s"), or undefined when malformed. */
export function parseGoDuration(text: string): number | undefined {
  if (!GO_DURATION.test(text)) return undefined;
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(GO_DURATION_PART))
    seconds += Number(amount) * (UNIT_SECONDS[unit as string] ?? 0);
  return seconds;
}

class SettingsReader {
  readonly diagnostics: Diagnostic[] = [];
  constructor(private readonly unknownIsError: boolean) {}

  private known(value: TfValue | undefined, path: AttributePath): value is Exclude<TfValue, null> {
    if (value === null || value === undefined) return false;
    if (!isWhollyKnown(value)) {
      if (this.unknownIsError) {
        this.diagnostics.push(
          errorDiagnostic(
            "Unknown Provider Configuration Value",
            "The provider configuration must be known when the provider is configured.",
            path,
          ),
        );
      }
      return false;
    }
    return true;
  }

  string(record: TfRecord | null, name: string, base: AttributePath = []): string | undefined {
    const value = record?.[name];
    const path = [...base, { attribute: name }];
    return this.known(value, path) && typeof value === "string" && value !== "" ? value : undefined;
  }

  bool(record: TfRecord | null, name: string): boolean | undefined {
    const value = record?.[name];
    return this.known(value, [{ attribute: name }]) && typeof value === "boolean" ? value : undefined;
  }

  number(record: TfRecord | null, name: string): number | undefined {
    const value = record?.[name];
    return this.known(value, [{ attribute: name }]) && isNumber(value) ? numberToDouble(value) : undefined;
  }

  strings(record: TfRecord | null, name: string, base: AttributePath = []): string[] | undefined {
    const value = record?.[name];
    if (!this.known(value, [...base, { attribute: name }]) || !Array.isArray(value)) return undefined;
    return (value as readonly TfValue[]).filter((item): item is string => typeof item === "string");
  }

  stringMap(record: TfRecord | null, name: string, base: AttributePath): Map<string, string> {
    const value = record?.[name];
    const entries = new Map<string, string>();
    if (!this.known(value, [...base, { attribute: name }]) || !isRecord(value)) return entries;
    for (const [key, item] of Object.entries(value)) if (typeof item === "string") entries.set(key, item);
    return entries;
  }

  object(record: TfRecord | null, name: string): TfRecord | null {
    const value = record?.[name];
    if (isUnknown(value)) {
      this.known(value, [{ attribute: name }]);
      return null;
    }
    return isRecord(value) ? value : null;
  }

  duration(record: TfRecord | null, name: string, base: AttributePath): number | undefined {
    const text = this.string(record, name, base);
    if (text === undefined) return undefined;
    const seconds = parseGoDuration(text);
    const path = [...base, { attribute: name }];
    if (seconds === undefined) {
      this.diagnostics.push(
        errorDiagnostic(
          "Invalid Duration",
          `${JSON.stringify(text)} is not a duration such as "1h" or "15m".`,
          path,
        ),
      );
    } else if (seconds < 900 || seconds > 43_200) {
      this.diagnostics.push(
        errorDiagnostic(
          "Invalid Duration",
          `The role session duration must be between 15m and 12h, got ${text}.`,
          path,
        ),
      );
    }
    return seconds;
  }
}

/** Reads the provider configuration; `forConfigure` makes unknown values an error. */
export function readProviderSettings(
  config: TfValue,
  forConfigure: boolean,
): { settings: ProviderSettings; diagnostics: Diagnostic[] } {
  const reader = new SettingsReader(forConfigure);
  const root = isRecord(config) ? config : null;
  const endpoints = reader.object(root, "endpoints");
  const assumeRole = reader.object(root, "assume_role");
  const webIdentity = reader.object(root, "assume_role_with_web_identity");
  const maxRetries = reader.number(root, "max_retries");
  if (maxRetries !== undefined && (!Number.isInteger(maxRetries) || maxRetries < 1)) {
    reader.diagnostics.push(
      errorDiagnostic("Invalid Attribute Value", "max_retries must be a positive whole number.", [
        { attribute: "max_retries" },
      ]),
    );
  }
  const accessKey = reader.string(root, "access_key");
  const secretKey = reader.string(root, "secret_key");
  if (
    (accessKey === undefined) !== (secretKey === undefined) &&
    !isUnknown(root?.access_key) &&
    !isUnknown(root?.secret_key)
  ) {
    reader.diagnostics.push(
      errorDiagnostic("Incomplete Static Credentials", "access_key and secret_key must be set together."),
    );
  }
  let assume: AssumeRoleSettings | undefined;
  if (assumeRole) {
    const base = [{ attribute: "assume_role" }];
    const roleArn = reader.string(assumeRole, "role_arn", base);
    if (roleArn === undefined && !isUnknown(assumeRole.role_arn)) {
      reader.diagnostics.push(
        errorDiagnostic("Missing Attribute Value", "assume_role needs role_arn.", [
          ...base,
          { attribute: "role_arn" },
        ]),
      );
    }
    const tags = assumeRole.tags;
    const durationSeconds = reader.duration(assumeRole, "duration", base);
    if (roleArn !== undefined) {
      assume = {
        roleArn,
        durationSeconds,
        externalId: reader.string(assumeRole, "external_id", base),
        policy: reader.string(assumeRole, "policy", base),
        policyArns: reader.strings(assumeRole, "policy_arns", base),
        sessionName: reader.string(assumeRole, "session_name", base),
        tags:
          isRecord(tags) && isWhollyKnown(tags)
            ? (Object.fromEntries(Object.entries(tags).filter(([, v]) => typeof v === "string")) as Record<
                string,
                string
              >)
            : undefined,
        transitiveTagKeys: reader.strings(assumeRole, "transitive_tag_keys", base),
      };
    }
  }
  let web: WebIdentitySettings | undefined;
  if (webIdentity) {
    const base = [{ attribute: "assume_role_with_web_identity" }];
    web = {
      roleArn: reader.string(webIdentity, "role_arn", base),
      durationSeconds: reader.duration(webIdentity, "duration", base),
      policy: reader.string(webIdentity, "policy", base),
      policyArns: reader.strings(webIdentity, "policy_arns", base),
      sessionName: reader.string(webIdentity, "session_name", base),
      webIdentityToken: reader.string(webIdentity, "web_identity_token", base),
      webIdentityTokenFile: reader.string(webIdentity, "web_identity_token_file", base),
    };
    if (web.webIdentityToken !== undefined && web.webIdentityTokenFile !== undefined) {
      reader.diagnostics.push(
        errorDiagnostic(
          "Conflicting Attribute Values",
          "Set only one of web_identity_token and web_identity_token_file.",
          base,
        ),
      );
    }
  }
  const userAgent: UserAgentProduct[] = [];
  const products = root?.user_agent;
  if (Array.isArray(products)) {
    for (const product of products as readonly TfValue[]) {
      const productRecord = isRecord(product) ? product : null;
      const productName = reader.string(productRecord, "product_name");
      if (productName === undefined) continue;
      userAgent.push({
        productName,
        productVersion: reader.string(productRecord, "product_version"),
        comment: reader.string(productRecord, "comment"),
      });
    }
  }
  const skipCheck =
    reader.bool(root, "skip_metadata_api_check") ?? reader.bool(root, "skip_medatadata_api_check");
  if (root?.skip_medatadata_api_check !== null && root?.skip_medatadata_api_check !== undefined) {
    reader.diagnostics.push(
      warningDiagnostic(
        "Deprecated Attribute",
        "skip_medatadata_api_check is deprecated: use skip_metadata_api_check.",
        [{ attribute: "skip_medatadata_api_check" }],
      ),
    );
  }
  const defaultTags = reader.stringMap(reader.object(root, "default_tags"), "tags", [
    { attribute: "default_tags" },
  ]);
  const settings: ProviderSettings = {
    region: reader.string(root, "region"),
    accessKey,
    secretKey,
    token: reader.string(root, "token"),
    profile: reader.string(root, "profile"),
    sharedConfigFiles: reader.strings(root, "shared_config_files"),
    sharedCredentialsFiles: reader.strings(root, "shared_credentials_files"),
    assumeRole: assume,
    assumeRoleWithWebIdentity: web,
    endpoints: {
      cloudcontrolapi: reader.string(endpoints, "cloudcontrolapi", [{ attribute: "endpoints" }]),
      sts: reader.string(endpoints, "sts", [{ attribute: "endpoints" }]),
      iam: reader.string(endpoints, "iam", [{ attribute: "endpoints" }]),
      sso: reader.string(endpoints, "sso", [{ attribute: "endpoints" }]),
    },
    roleArn: reader.string(root, "role_arn"),
    maxRetries:
      maxRetries !== undefined && Number.isInteger(maxRetries) && maxRetries >= 1
        ? maxRetries
        : DEFAULT_MAX_RETRIES,
    insecure: reader.bool(root, "insecure") ?? false,
    skipMetadataApiCheck: skipCheck,
    httpProxy: reader.string(root, "http_proxy"),
    httpsProxy: reader.string(root, "https_proxy"),
    noProxy: reader.string(root, "no_proxy"),
    userAgent,
    defaultTags,
  };
  return { settings, diagnostics: reader.diagnostics };
}
