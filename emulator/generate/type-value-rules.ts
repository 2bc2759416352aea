// Values particular services fill in on create, in the shapes the real ones use. The generic
// generation (plausible-values.ts) cannot guess these from names: S3's domain names, Connect's UUID
// ids and ARNs nested under their instance's, an IPv6 block Amazon assigns on request. One row per
// value; rows of a type run in order, so later ones can use earlier ones.
import type { JsonObject, JsonValue } from "../types.js";
import { type GenerationContext, randomString, uuid } from "./plausible-values.js";

export interface ValueRule {
  readonly typeName: string;
  readonly property: string;
  /** The value to set when the property is absent; undefined to leave it out. */
  readonly value: (model: JsonObject, ctx: GenerationContext) => JsonValue | undefined;
}

const text = (model: JsonObject, key: string): string | undefined => {
  const value = model[key];
  return typeof value === "string" && value !== "" ? value : undefined;
};

const bucketHost =
  (suffix: (ctx: GenerationContext) => string) => (model: JsonObject, ctx: GenerationContext) => {
    const name = text(model, "BucketName");
    return name === undefined ? undefined : `${name}.${suffix(ctx)}`;
  };

export const VALUE_RULES: readonly ValueRule[] = [
  { typeName: "AWS::S3::Bucket", property: "DomainName", value: bucketHost(() => "s3.amazonaws.com") },
  {
    typeName: "AWS::S3::Bucket",
    property: "RegionalDomainName",
    value: bucketHost((ctx) => `s3.${ctx.region}.amazonaws.com`),
  },
  {
    typeName: "AWS::S3::Bucket",
    property: "DualStackDomainName",
    value: bucketHost((ctx) => `s3.dualstack.${ctx.region}.amazonaws.com`),
  },
  {
    typeName: "AWS::S3::Bucket",
    property: "WebsiteURL",
    value: (model, ctx) => {
      const name = text(model, "BucketName");
      return name === undefined ? undefined : `http://${name}.s3-website-${ctx.region}.amazonaws.com`;
    },
  },
  { typeName: "AWS::Connect::Instance", property: "Id", value: (_model, ctx) => uuid(ctx.random) },
  {
    typeName: "AWS::Connect::Instance",
    property: "Arn",
    value: (model, ctx) => {
      const id = text(model, "Id");
      return id === undefined ? undefined : `arn:aws:connect:${ctx.region}:${ctx.accountId}:instance/${id}`;
    },
  },
  {
    typeName: "AWS::Connect::ContactFlowModule",
    property: "ContactFlowModuleArn",
    value: (model, ctx) => {
      const instance = text(model, "InstanceArn");
      return instance === undefined ? undefined : `${instance}/flow-module/${uuid(ctx.random)}`;
    },
  },
  {
    typeName: "AWS::EC2::VPCCidrBlock",
    property: "Ipv6CidrBlock",
    value: (model, ctx) =>
      model.AmazonProvidedIpv6CidrBlock === true
        ? `2600:1f18:${randomString(ctx.random, "0123456789abcdef", 4)}:${randomString(ctx.random, "0123456789abcdef", 2)}00::/56`
        : undefined,
  },
];

/** Applies, in place, the rows for this type whose property the model does not have yet. */
export function applyValueRules(typeName: string, model: JsonObject, ctx: GenerationContext): void {
  for (const rule of VALUE_RULES) {
    if (rule.typeName !== typeName || model[rule.property] !== undefined) continue;
    const value = rule.value(model, ctx);
    if (value !== undefined) model[rule.property] = value;
  }
}
