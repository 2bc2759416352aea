// The provider block's schema (docs/runtime.md#provider-configuration), declared with the same constructors as
// the generated modules so the schema emitter and the protocol server treat it like any other.
import * as a from "./schema/define.js";
import type { Attributes } from "./schema/types.js";

const optional = (description: string) => ({ description, optional: true });
/** Credentials: masked wherever Terraform shows the provider configuration. */
const secret = (description: string) => ({ description, optional: true, sensitive: true });

const roleSessionAttributes: Attributes = {
  duration: a.string(undefined, optional("Duration (Go duration syntax, 15m to 12h) of the role session.")),
  policy: a.string(
    undefined,
    optional("IAM policy in JSON format that further restricts the session's permissions."),
  ),
  policy_arns: a.set(
    undefined,
    a.elem.string,
    optional("ARNs of managed policies that further restrict the session."),
  ),
  role_arn: a.string(undefined, { description: "ARN of the IAM role to assume.", optional: true }),
  session_name: a.string(undefined, optional("Name of the role session.")),
};

export const providerConfigAttributes: Attributes = {
  access_key: a.string(undefined, secret("AWS access key ID; with secret_key it forms static credentials.")),
  assume_role: a.object(undefined, optional("An IAM role to assume before calling Cloud Control."), {
    ...roleSessionAttributes,
    external_id: a.string(undefined, optional("External identifier to use when assuming the role.")),
    tags: a.map(undefined, a.elem.string, optional("Session tags.")),
    transitive_tag_keys: a.set(
      undefined,
      a.elem.string,
      optional("Session tag keys to pass to later sessions."),
    ),
  }),
  assume_role_with_web_identity: a.object(
    undefined,
    optional("An IAM role to assume with a web identity token."),
    {
      ...roleSessionAttributes,
      web_identity_token: a.string(undefined, optional("The OAuth 2.0 or OpenID Connect token.")),
      web_identity_token_file: a.string(undefined, optional("File holding the web identity token.")),
    },
  ),
  default_tags: a.object(
    undefined,
    optional(
      "Tags applied to every resource whose type takes tags; a resource's own tags win on the same key.",
    ),
    { tags: a.map(undefined, a.elem.string, optional("The default tags.")) },
  ),
  endpoints: a.object(
    undefined,
    optional("Custom endpoint URLs, for example a local Cloud Control emulator."),
    {
      cloudcontrolapi: a.string(undefined, optional("Cloud Control API endpoint URL.")),
      iam: a.string(undefined, optional("IAM endpoint URL.")),
      sso: a.string(undefined, optional("SSO endpoint URL.")),
      sts: a.string(undefined, optional("STS endpoint URL.")),
    },
  ),
  http_proxy: a.string(undefined, optional("URL of a proxy for HTTP requests.")),
  https_proxy: a.string(undefined, optional("URL of a proxy for HTTPS requests.")),
  insecure: a.bool(undefined, optional("Skip TLS certificate verification. Defaults to false.")),
  max_retries: a.int64(undefined, optional("Maximum attempts per API call. Defaults to 25.")),
  no_proxy: a.string(undefined, optional("Comma-separated hosts that bypass the proxies.")),
  profile: a.string(undefined, optional("Named profile from the shared configuration files.")),
  region: a.string(undefined, optional("AWS region, for example us-east-1.")),
  role_arn: a.string(undefined, optional("CloudFormation service role passed to every Cloud Control call.")),
  secret_key: a.string(undefined, secret("AWS secret access key.")),
  shared_config_files: a.list(undefined, a.elem.string, optional("Paths of shared config files.")),
  shared_credentials_files: a.list(undefined, a.elem.string, optional("Paths of shared credentials files.")),
  skip_medatadata_api_check: a.bool(undefined, {
    ...optional("Deprecated misspelling of skip_metadata_api_check."),
    deprecated: true,
  }),
  skip_metadata_api_check: a.bool(undefined, optional("Skip the EC2 instance metadata service.")),
  token: a.string(undefined, secret("Session token for static credentials.")),
  user_agent: a.listNested(undefined, optional("Product details appended to the User-Agent."), {
    comment: a.string(undefined, optional("Comment describing the product.")),
    product_name: a.string(undefined, { description: "Product name.", required: true }),
    product_version: a.string(undefined, optional("Product version.")),
  }),
};
