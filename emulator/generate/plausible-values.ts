// Plausible values for properties the service fills in: ARNs in the type's shape, ids of the
// service's kind (EC2 `fl-0a1b...`, IAM `AROA...`, API Gateway `a1b2c3d4e5`), timestamps, names.
// A candidate that breaks the property's pattern or length limits is replaced by a pattern sample.
import { kebabCase } from "change-case";
import { compileCfnPattern } from "../../cfn/regex/lenient-engine.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject, JsonValue } from "../types.js";
import { samplePattern } from "./pattern-sample.js";
import { typesOf } from "./schema-nodes.js";

export interface GenerationContext {
  readonly accountId: string;
  readonly region: string;
  readonly now: number;
  readonly random: () => number;
}

const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const MIXED_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const HEX = "0123456789abcdef";

export function randomString(random: () => number, alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

// ARN service names that differ from the lower-cased type namespace.
const ARN_SERVICE: Readonly<Record<string, string>> = {
  ApiGatewayV2: "apigateway",
  CertificateManager: "acm",
  Cognito: "cognito-idp",
  ElasticLoadBalancing: "elasticloadbalancing",
  ElasticLoadBalancingV2: "elasticloadbalancing",
  Elasticsearch: "es",
  KinesisFirehose: "firehose",
  OpenSearchService: "es",
  StepFunctions: "states",
};
const ARN_WITHOUT_REGION: ReadonlySet<string> = new Set([
  "iam",
  "cloudfront",
  "route53",
  "organizations",
  "globalaccelerator",
  "shield",
]);
const ARN_WITHOUT_ACCOUNT: ReadonlySet<string> = new Set(["s3"]);

export function arnServiceOf(type: ResourceType): string {
  return ARN_SERVICE[type.namespace] ?? type.namespace.toLowerCase();
}

/**
 * The service an ARN pattern spells out (`arn:(aws|aws-us-gov|aws-cn):kafka:.*` → kafka), for
 * services whose ARNs do not use the type's namespace (MSK's are `kafka`).
 */
export function arnServiceInPattern(pattern: unknown): string | undefined {
  if (typeof pattern !== "string") return undefined;
  return /^\^?arn:(?:aws|\([^)]*\)|\\S\+|\[[^\]]*\][*+]?|[^:]*):([a-z][a-z0-9-]*):/.exec(pattern)?.[1];
}

/** `arn:aws:<service>:<region>:<account>:<resource>/<id>` (S3: `arn:aws:s3:::<id>`). */
export function arnFor(
  type: ResourceType,
  resourceId: string,
  ctx: GenerationContext,
  service = arnServiceOf(type),
): string {
  if (ARN_WITHOUT_ACCOUNT.has(service)) return `arn:aws:s3:::${resourceId}`;
  const region = ARN_WITHOUT_REGION.has(service) ? "" : ctx.region;
  return `arn:aws:${service}:${region}:${ctx.accountId}:${kebabCase(type.resourceName)}/${resourceId}`;
}

// EC2 id prefixes by resource (or id property) name.
const EC2_PREFIXES: Readonly<Record<string, string>> = {
  VPC: "vpc",
  Vpc: "vpc",
  Subnet: "subnet",
  SecurityGroup: "sg",
  SecurityGroupRule: "sgr",
  InternetGateway: "igw",
  EgressOnlyInternetGateway: "eigw",
  NatGateway: "nat",
  RouteTable: "rtb",
  FlowLog: "fl",
  NetworkInterface: "eni",
  Instance: "i",
  Volume: "vol",
  TransitGateway: "tgw",
  TransitGatewayAttachment: "tgw-attach",
  TransitGatewayConnectPeer: "tgw-connect-peer",
  TransitGatewayRouteTable: "tgw-rtb",
  VPCEndpoint: "vpce",
  VpcEndpoint: "vpce",
  NetworkAcl: "acl",
  LaunchTemplate: "lt",
  KeyPair: "key",
  EIP: "eipalloc",
  Allocation: "eipalloc",
  CustomerGateway: "cgw",
  VPNGateway: "vgw",
  VPNConnection: "vpn",
  DHCPOptions: "dopt",
  PrefixList: "pl",
  Image: "ami",
  Snapshot: "snap",
  PlacementGroup: "pg",
  CapacityReservation: "cr",
  VPCPeeringConnection: "pcx",
};

const IAM_ID_PREFIXES: Readonly<Record<string, string>> = {
  RoleId: "AROA",
  UserId: "AIDA",
  GroupId: "AGPA",
  PolicyId: "ANPA",
  InstanceProfileId: "AIPA",
};

function initials(name: string): string {
  const words = name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+/g) ?? [name];
  return words.map((word) => word[0]?.toLowerCase() ?? "").join("") || "r";
}

/** An id of the kind the type's service hands out. */
export function idFor(type: ResourceType, propertyName: string, ctx: GenerationContext): string {
  const { random } = ctx;
  if (type.namespace === "EC2") {
    const subject = propertyName === "Id" ? type.resourceName : propertyName.replace(/I[dD]$/, "");
    const prefix = EC2_PREFIXES[subject] ?? EC2_PREFIXES[type.resourceName] ?? initials(subject);
    return `${prefix}-${randomString(random, HEX, 17)}`;
  }
  if (type.namespace === "IAM") {
    const prefix = IAM_ID_PREFIXES[propertyName] ?? "AIDA";
    return `${prefix}${randomString(random, UPPER_ALNUM, 17)}`;
  }
  if (propertyName === "HostedZoneId") return `Z${randomString(random, UPPER_ALNUM, 13)}`;
  return randomString(random, LOWER_ALNUM, 10);
}

/** A name as CloudFormation would make one up: `<ResourceName>-<random>`. */
export function nameFor(type: ResourceType, ctx: GenerationContext): string {
  return `${type.resourceName}-${randomString(ctx.random, MIXED_ALNUM, 12)}`;
}

function numberLimit(node: JsonObject, keyword: string): number | undefined {
  const value = node[keyword];
  return typeof value === "number" ? value : undefined;
}

/** Does a string satisfy the node's own string constraints (pattern, lengths, enum)? */
export function fitsStringNode(node: JsonObject, value: string): boolean {
  const length = [...value].length;
  const minLength = numberLimit(node, "minLength");
  const maxLength = numberLimit(node, "maxLength");
  if (minLength !== undefined && length < minLength) return false;
  if (maxLength !== undefined && length > maxLength) return false;
  if (Array.isArray(node.enum) && !node.enum.includes(value)) return false;
  if (typeof node.pattern === "string" && node.pattern !== "") {
    const regex = compileCfnPattern(node.pattern);
    if (regex && !regex.test(value)) return false;
  }
  return true;
}

export function uuid(random: () => number): string {
  const hex = randomString(random, HEX, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** Brings a candidate within the length limits: a UUID where exactly 36 is asked, else padding or trimming. */
function fitLength(node: JsonObject, candidate: string, ctx: GenerationContext): string {
  const minLength = numberLimit(node, "minLength") ?? 0;
  const maxLength = numberLimit(node, "maxLength") ?? Infinity;
  const length = [...candidate].length;
  if (length >= minLength && length <= maxLength) return candidate;
  if (minLength <= 36 && maxLength >= 36 && length < minLength) return uuid(ctx.random);
  if (length < minLength) return candidate + randomString(ctx.random, LOWER_ALNUM, minLength - length);
  return [...candidate].slice(0, maxLength).join("");
}

/** First candidate the node accepts, else a sample of its pattern, else the first candidate fitted to the length limits. */
export function chooseString(
  node: JsonObject,
  candidates: readonly string[],
  ctx: GenerationContext,
): string {
  for (const candidate of candidates) if (fitsStringNode(node, candidate)) return candidate;
  if (typeof node.pattern === "string" && node.pattern !== "") {
    const sample = samplePattern(node.pattern, ctx.random, {
      minLength: numberLimit(node, "minLength"),
      maxLength: numberLimit(node, "maxLength"),
    });
    if (sample !== undefined) return sample;
  }
  return fitLength(node, candidates[0] ?? randomString(ctx.random, LOWER_ALNUM, 10), ctx);
}

const isArnName = (name: string): boolean => /(Arn|ARN)$/.test(name);
const isIdName = (name: string): boolean => /(Id|ID)$/.test(name);
const isTimeName = (name: string): boolean => /(Time|Date|At|Timestamp|Timestamps)$/.test(name);

export interface ValueRequest {
  readonly type: ResourceType;
  readonly propertyName: string;
  readonly node: JsonObject;
  /** Id part an ARN or URL ends with (the model's name or identifier values, or a fresh id). */
  readonly resourceId: () => string;
  readonly ctx: GenerationContext;
}

function scalarCandidates(request: ValueRequest): string[] {
  const { type, propertyName: name, node, ctx } = request;
  if (node.format === "date-time" || isTimeName(name)) return [new Date(ctx.now).toISOString()];
  if (isArnName(name)) {
    const candidates = [arnFor(type, request.resourceId(), ctx)];
    // Where the pattern names another service, an ARN of that service rather than a sample of
    // the pattern (which may give every object the same ARN, such as `arn:aws:kafka:`).
    const named = arnServiceInPattern(node.pattern);
    if (named !== undefined && named !== arnServiceOf(type))
      candidates.push(arnFor(type, request.resourceId(), ctx, named));
    return candidates;
  }
  if (/^(Owner|Account|AwsAccount)(Id|ID)$/.test(name)) return [ctx.accountId];
  if (isIdName(name)) return [idFor(type, name, ctx)];
  if (/(Url|URL|Uri|URI)$/.test(name)) {
    return [
      `https://${arnServiceOf(type)}.${ctx.region}.amazonaws.com/${ctx.accountId}/${request.resourceId()}`,
    ];
  }
  if (/(Address|Endpoint|DnsName|DNSName|Hostname|HostName)$/.test(name)) {
    return [`${randomString(ctx.random, LOWER_ALNUM, 12)}.${ctx.region}.${arnServiceOf(type)}.amazonaws.com`];
  }
  if (/(Status|State)$/.test(name)) return ["ACTIVE", "available", "Active"];
  if (/Port$/.test(name)) return ["443"];
  if (/Name$/.test(name)) return [nameFor(type, ctx)];
  return [`${kebabCase(name) || "value"}-${randomString(ctx.random, LOWER_ALNUM, 8)}`];
}

function numberValue(request: ValueRequest, integer: boolean): number {
  const { node, propertyName } = request;
  const minimum = numberLimit(node, "minimum");
  const maximum = numberLimit(node, "maximum");
  let value = /Port$/.test(propertyName)
    ? 443
    : isTimeName(propertyName)
      ? Math.floor(request.ctx.now / 1000)
      : 1;
  if (minimum !== undefined && value < minimum) value = minimum;
  if (maximum !== undefined && value > maximum) value = maximum;
  return integer ? Math.ceil(value) : value;
}

const MAX_OBJECT_DEPTH = 3;

/**
 * A value for a generated property, or undefined when the emulator leaves it out (arrays, free-form
 * JSON objects): the real service also omits many of those.
 */
export function plausibleValue(
  request: ValueRequest,
  resolve: (node: JsonValue | undefined) => JsonObject | undefined,
  depth = 0,
): JsonValue | undefined {
  const { node } = request;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0] as JsonValue;
  if (node.const !== undefined) return node.const;
  const types = typesOf(node);
  const primary = types.find((entry) => entry !== "null") ?? "string";
  // Union types such as ["object","string"] get the scalar form.
  if (types.includes("string")) return chooseString(node, scalarCandidates(request), request.ctx);
  switch (primary) {
    case "boolean":
      return false;
    case "integer":
      return numberValue(request, true);
    case "number":
      return numberValue(request, false);
    case "object": {
      const properties = node.properties;
      if (depth >= MAX_OBJECT_DEPTH || typeof properties !== "object" || properties === null)
        return undefined;
      if (Array.isArray(properties)) return undefined;
      const out: JsonObject = {};
      for (const [name, child] of Object.entries(properties)) {
        const childNode = resolve(child);
        if (!childNode) continue;
        const childTypes = typesOf(childNode);
        if (childTypes.includes("array") || (childTypes.includes("object") && !childNode.properties))
          continue;
        const value = plausibleValue({ ...request, propertyName: name, node: childNode }, resolve, depth + 1);
        if (value !== undefined) out[name] = value;
      }
      return out;
    }
    default:
      return undefined;
  }
}
