// AWS clients for a configured provider: credentials (static keys, profile and shared files, or
// the SDK's default chain with AWS_* variables, then optionally an assumed role), region, endpoint
// overrides, proxies, bounded retries, user agent, and the account id from STS GetCallerIdentity.
import { readFileSync } from "node:fs";
import { Agent } from "node:https";
import { CloudControlClient } from "@aws-sdk/client-cloudcontrol";
import { GetCallerIdentityCommand, STSClient } from "@aws-sdk/client-sts";
import {
  fromIni,
  fromTemporaryCredentials,
  fromTokenFile,
  fromWebToken,
} from "@aws-sdk/credential-providers";
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from "@smithy/types";
import { BoundedRetryStrategy, defaultBackoffMs } from "../cloudcontrol/retry-strategy.js";
import { proxyAgents, resolveProxySettings } from "./proxy.js";
import { Sha256 } from "./signing-hash.js";
import type { ProviderSettings } from "./settings.js";

export interface AwsSession {
  readonly cloudControl: CloudControlClient;
  readonly region: string;
  readonly accountId: string;
  readonly roleArn: string | undefined;
  destroy(): void;
}

export interface SessionOptions {
  readonly terraformVersion: string;
  readonly providerVersion: string;
  readonly env: NodeJS.ProcessEnv;
  /** Retry backoff (tests use tiny delays). */
  readonly retryBackoffMs?: (attempt: number) => number;
}

type Credentials = AwsCredentialIdentity | AwsCredentialIdentityProvider | undefined;
type RequestHandlerAgents = { httpAgent?: unknown; httpsAgent?: unknown } | undefined;

/**
 * Agents for one client's request handler (each client gets its own: destroying a client destroys
 * its agents): proxies from the provider block or the environment, and `insecure`.
 */
function requestHandlerAgents(settings: ProviderSettings, env: NodeJS.ProcessEnv): RequestHandlerAgents {
  const agents = proxyAgents(resolveProxySettings(settings, env), { insecure: settings.insecure });
  if (agents) return agents;
  return settings.insecure ? { httpsAgent: new Agent({ rejectUnauthorized: false }) } : undefined;
}

function baseCredentials(settings: ProviderSettings): Credentials {
  if (settings.accessKey && settings.secretKey) {
    return {
      accessKeyId: settings.accessKey,
      secretAccessKey: settings.secretKey,
      ...(settings.token ? { sessionToken: settings.token } : {}),
    };
  }
  if (settings.profile || settings.sharedConfigFiles?.length || settings.sharedCredentialsFiles?.length) {
    return fromIni({
      ...(settings.profile ? { profile: settings.profile } : {}),
      ...(settings.sharedCredentialsFiles?.[0] ? { filepath: settings.sharedCredentialsFiles[0] } : {}),
      ...(settings.sharedConfigFiles?.[0] ? { configFilepath: settings.sharedConfigFiles[0] } : {}),
    });
  }
  return undefined; // the SDK's default chain: AWS_* variables, shared files, SSO, containers, IMDS
}

function withRoles(
  settings: ProviderSettings,
  base: Credentials,
  region: string | undefined,
  env: NodeJS.ProcessEnv,
): Credentials {
  let credentials = base;
  // The credential clients that assume roles go through the same proxies.
  const assumes = settings.assumeRole !== undefined || settings.assumeRoleWithWebIdentity !== undefined;
  const handler = assumes ? requestHandlerAgents(settings, env) : undefined;
  const stsConfig = {
    ...(region ? { region } : {}),
    ...(settings.endpoints.sts ? { endpoint: settings.endpoints.sts } : {}),
    ...(handler ? { requestHandler: handler } : {}),
  };
  const web = settings.assumeRoleWithWebIdentity;
  if (web) {
    const roleArn = web.roleArn ?? env.AWS_ROLE_ARN ?? "";
    const common = {
      roleArn,
      roleSessionName: web.sessionName ?? env.AWS_ROLE_SESSION_NAME ?? "terraform-provider-awscc",
      ...(web.durationSeconds ? { durationSeconds: Math.round(web.durationSeconds) } : {}),
      ...(web.policy ? { policy: web.policy } : {}),
      ...(web.policyArns?.length ? { policyArns: web.policyArns.map((arn) => ({ arn })) } : {}),
      clientConfig: stsConfig,
    };
    credentials = web.webIdentityToken
      ? fromWebToken({ ...common, webIdentityToken: web.webIdentityToken })
      : fromTokenFile({
          ...common,
          webIdentityTokenFile: web.webIdentityTokenFile ?? env.AWS_WEB_IDENTITY_TOKEN_FILE,
        });
  }
  const role = settings.assumeRole;
  if (role) {
    credentials = fromTemporaryCredentials({
      ...(credentials ? { masterCredentials: credentials } : {}),
      params: {
        RoleArn: role.roleArn,
        RoleSessionName: role.sessionName ?? "terraform-provider-awscc",
        ...(role.durationSeconds ? { DurationSeconds: Math.round(role.durationSeconds) } : {}),
        ...(role.externalId ? { ExternalId: role.externalId } : {}),
        ...(role.policy ? { Policy: role.policy } : {}),
        ...(role.policyArns?.length ? { PolicyArns: role.policyArns.map((arn) => ({ arn })) } : {}),
        ...(role.tags ? { Tags: Object.entries(role.tags).map(([Key, Value]) => ({ Key, Value })) } : {}),
        ...(role.transitiveTagKeys?.length ? { TransitiveTagKeys: role.transitiveTagKeys } : {}),
      },
      clientConfig: stsConfig,
    });
  }
  return credentials;
}

/** The region of a profile in a shared config file (`[default]` or `[profile name]`). */
export function regionFromConfigFile(file: string, profile: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const wanted = profile === "default" ? ["default", "profile default"] : [`profile ${profile}`, profile];
  let inSection = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/[#;].*$/, "").trim();
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      inSection = wanted.includes((section[1] as string).trim());
      continue;
    }
    const entry = /^region\s*=\s*(\S+)$/.exec(line);
    if (inSection && entry) return entry[1];
  }
  return undefined;
}

function userAgent(settings: ProviderSettings, options: SessionOptions): [string, string?][] {
  const pairs: [string, string?][] = [
    ["APN", "1.0"],
    ["HashiCorp", "1.0"],
    ["Terraform", options.terraformVersion],
    ["terraform-provider-awscc-ts", options.providerVersion],
  ];
  for (const product of settings.userAgent) {
    pairs.push([
      product.comment
        ? `${product.productName}/${product.productVersion ?? ""} (${product.comment})`
        : product.productName,
      product.productVersion,
    ]);
  }
  const appended = options.env.TF_APPEND_USER_AGENT?.trim();
  if (appended) pairs.push([appended]);
  return pairs;
}

export async function openSession(settings: ProviderSettings, options: SessionOptions): Promise<AwsSession> {
  const profile = settings.profile ?? options.env.AWS_PROFILE ?? "default";
  const region =
    settings.region ??
    options.env.AWS_REGION ??
    options.env.AWS_DEFAULT_REGION ??
    (settings.sharedConfigFiles ?? [])
      .map((file) => regionFromConfigFile(file, profile))
      .find((r) => r !== undefined);
  const credentials = withRoles(settings, baseCredentials(settings), region, options.env);
  const common = {
    ...(region ? { region } : {}),
    ...(settings.profile ? { profile: settings.profile } : {}),
    ...(credentials ? { credentials } : {}),
    customUserAgent: userAgent(settings, options),
    sha256: Sha256,
    maxAttempts: settings.maxRetries,
    retryStrategy: new BoundedRetryStrategy({
      maxAttempts: settings.maxRetries,
      backoffMs: options.retryBackoffMs ?? defaultBackoffMs,
    }),
  };
  const cloudControlHandler = requestHandlerAgents(settings, options.env);
  const stsHandler = requestHandlerAgents(settings, options.env);
  const cloudControl = new CloudControlClient({
    ...common,
    ...(cloudControlHandler ? { requestHandler: cloudControlHandler } : {}),
    ...(settings.endpoints.cloudcontrolapi ? { endpoint: settings.endpoints.cloudcontrolapi } : {}),
  });
  const sts = new STSClient({
    ...common,
    ...(stsHandler ? { requestHandler: stsHandler } : {}),
    ...(settings.endpoints.sts ? { endpoint: settings.endpoints.sts } : {}),
  });
  try {
    const resolvedRegion = await cloudControl.config.region();
    const identity = await sts.send(new GetCallerIdentityCommand({}));
    if (!identity.Account) throw new Error("STS GetCallerIdentity returned no account id");
    return {
      cloudControl,
      region: resolvedRegion,
      accountId: identity.Account,
      roleArn: settings.roleArn,
      destroy: () => cloudControl.destroy(),
    };
  } catch (error) {
    cloudControl.destroy();
    throw error;
  } finally {
    sts.destroy();
  }
}
