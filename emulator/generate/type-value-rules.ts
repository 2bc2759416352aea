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

/**
 * Connect objects that live in an instance: their ARN is the instance's ARN, the kind of object as
 * Connect names it in ARNs (not always the type's name: a User is an `agent`), and a UUID; an id
 * property beside the ARN holds that UUID.
 */
interface ConnectChild {
  readonly arnProperty: string;
  readonly segment: string;
  readonly idProperty?: string;
}
const CONNECT_CHILDREN: Readonly<Record<string, ConnectChild>> = {
  AgentStatus: { arnProperty: "AgentStatusArn", segment: "agent-state" },
  ContactFlow: { arnProperty: "ContactFlowArn", segment: "contact-flow" },
  ContactFlowModule: { arnProperty: "ContactFlowModuleArn", segment: "flow-module" },
  EmailAddress: { arnProperty: "EmailAddressArn", segment: "email-address" },
  EvaluationForm: { arnProperty: "EvaluationFormArn", segment: "evaluation-form" },
  HoursOfOperation: { arnProperty: "HoursOfOperationArn", segment: "operating-hours" },
  Notification: { arnProperty: "Arn", segment: "notification", idProperty: "Id" },
  Prompt: { arnProperty: "PromptArn", segment: "prompt" },
  Queue: { arnProperty: "QueueArn", segment: "queue" },
  QuickConnect: { arnProperty: "QuickConnectArn", segment: "transfer-destination" },
  RoutingProfile: { arnProperty: "RoutingProfileArn", segment: "routing-profile" },
  Rule: { arnProperty: "RuleArn", segment: "rule" },
  SecurityProfile: { arnProperty: "SecurityProfileArn", segment: "security-profile" },
  TaskTemplate: { arnProperty: "Arn", segment: "task-template" },
  User: { arnProperty: "UserArn", segment: "agent" },
  UserHierarchyGroup: { arnProperty: "UserHierarchyGroupArn", segment: "agent-group" },
  View: { arnProperty: "ViewArn", segment: "view", idProperty: "ViewId" },
  Workspace: { arnProperty: "Arn", segment: "workspace", idProperty: "Id" },
};

function connectChildRules(resource: string, child: ConnectChild): ValueRule[] {
  const typeName = `AWS::Connect::${resource}`;
  const idOf = (model: JsonObject, ctx: GenerationContext): string =>
    (child.idProperty && text(model, child.idProperty)) || uuid(ctx.random);
  const rules: ValueRule[] = [];
  if (child.idProperty)
    rules.push({ typeName, property: child.idProperty, value: (_m, ctx) => uuid(ctx.random) });
  rules.push({
    typeName,
    property: child.arnProperty,
    value: (model, ctx) => {
      const instance = text(model, "InstanceArn");
      return instance === undefined ? undefined : `${instance}/${child.segment}/${idOf(model, ctx)}`;
    },
  });
  return rules;
}

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
  ...Object.entries(CONNECT_CHILDREN).flatMap(([resource, child]) => connectChildRules(resource, child)),
  // A VPC security group's GroupId is its identifier (Id): one value, two names.
  {
    typeName: "AWS::EC2::SecurityGroup",
    property: "Id",
    value: (_model, ctx) => `sg-${randomString(ctx.random, "0123456789abcdef", 17)}`,
  },
  { typeName: "AWS::EC2::SecurityGroup", property: "GroupId", value: (model) => text(model, "Id") },
  // A new member account gets an id of its own (the generic guess is the caller's account).
  {
    typeName: "AWS::Organizations::Account",
    property: "AccountId",
    value: (_model, ctx) => randomString(ctx.random, "0123456789", 12),
  },
  {
    typeName: "AWS::Organizations::Account",
    property: "Arn",
    value: (model, ctx) => {
      const id = text(model, "AccountId");
      // One organization, managed from the caller's account, whose id the emulator derives from it.
      return id === undefined
        ? undefined
        : `arn:aws:organizations::${ctx.accountId}:account/o-${ctx.accountId}/${id}`;
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
