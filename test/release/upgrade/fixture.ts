// The objects the upgrade test applies with the provider of the older snapshot: types whose schema
// changed between the snapshots (breaking and not, per `npm run diff`) and unchanged ones. Values
// are literals the emulator accepts (types the older snapshot cannot create, such as
// AWS::ApiGatewayV2::Stage and AWS::ServiceCatalog::CloudFormationProduct without a create handler
// there, are left out); `rejected` lists attribute paths whose configured value the
// newer schema no longer accepts.

export interface FixtureBlock {
  readonly kind: "resource" | "data";
  readonly type: string;
  readonly name: string;
  /** The configured arguments (rendered as HCL). */
  readonly values: Readonly<Record<string, unknown>>;
  /** Report paths (tfPath) whose configured value the newer schema rejects. */
  readonly rejected?: readonly string[];
  /**
   * Read-only values the service reports for the object (CloudFormation names, patched into the
   * emulator's copy after the create and refreshed into the state by the older provider).
   */
  readonly serviceValues?: Readonly<Record<string, unknown>>;
}

const ACCOUNT = "123456789012";
const CONNECT_INSTANCE = `arn:aws:connect:us-east-1:${ACCOUNT}:instance/11111111-2222-3333-4444-555555555555`;
const ROLE = `arn:aws:iam::${ACCOUNT}:role/upgrade-test`;

const r = (
  type: string,
  name: string,
  values: Record<string, unknown>,
  rejected?: string[],
  serviceValues?: Record<string, unknown>,
): FixtureBlock => ({
  kind: "resource",
  type,
  name,
  values,
  ...(rejected && { rejected }),
  ...(serviceValues && { serviceValues }),
});

/** Configurations the newer provider must plan without error. */
export const PLANNABLE: readonly FixtureBlock[] = [
  // Breaking changes that configured this way do not break.
  r("awscc_athena_work_group", "spark", {
    name: "upgrade-spark",
    work_group_configuration: {
      engine_configuration: {
        coordinator_dpu_size: 1,
        max_concurrent_dpus: 4,
        default_executor_dpu_size: 1,
        additional_configs: { mode: "fast" },
        spark_properties: { "spark.executor.cores": "2" },
      },
    },
  }),
  r("awscc_autoscaling_launch_configuration", "lc", {
    image_id: "ami-12345678",
    instance_type: "t3.micro",
    kernel_id: "aki-12345678",
    ram_disk_id: "ari-12345678",
  }),
  r("awscc_cassandra_keyspace", "ks", {
    keyspace_name: "upgrade_ks",
    client_side_timestamps_enabled: true,
    replication_specification: {
      replication_strategy: "MULTI_REGION",
      region_list: ["us-east-1", "us-west-2"],
    },
  }),
  r("awscc_emrcontainers_virtual_cluster", "vc", {
    name: "upgrade-vc",
    container_provider: { id: "eks-cluster", type: "EKS", info: { eks_info: { namespace: "jobs" } } },
    security_configuration_id: "sc-0123456789",
  }),
  r("awscc_imagebuilder_image_recipe", "recipe", {
    name: "upgrade-recipe",
    version: "1.0.0",
    parent_image: "ami-12345678",
    components: [{ component_arn: "arn:aws:imagebuilder:us-east-1:aws:component/update-linux/1.0.0" }],
    ami_tags: { team: "platform" },
  }),
  r("awscc_lambda_function", "fn", {
    function_name: "upgrade-fn",
    role: ROLE,
    runtime: "nodejs20.x",
    handler: "index.handler",
    code: { s3_bucket: "upgrade-code", s3_key: "fn.zip", s3_object_storage_mode: "COPY" },
  }),
  r("awscc_connect_data_table", "table", {
    instance_arn: CONNECT_INSTANCE,
    name: "upgrade_table",
    status: "PUBLISHED",
    time_zone: "UTC",
    value_lock_level: "NONE",
  }),
  r("awscc_cassandra_keyspace", "single", { keyspace_name: "upgrade_single" }),
  r("awscc_codepipeline_webhook", "hook", {
    authentication: "GITHUB_HMAC",
    authentication_configuration: { secret_token: "upgrade-secret-token" },
    filters: [{ json_path: "$.ref", match_equals: "refs/heads/main" }],
    target_pipeline: "upgrade-pipeline",
    target_action: "Source",
    target_pipeline_version: 1,
  }),
  r("awscc_observabilityadmin_telemetry_enrichment", "enrich", { scope: "ACCOUNT" }),
  r("awscc_rds_db_cluster_parameter_group", "pg", {
    db_cluster_parameter_group_name: "upgrade-pg",
    description: "upgrade test",
    family: "aurora-postgresql15",
    parameters: JSON.stringify({ log_min_duration_statement: "1000" }),
  }),
  // typeChanged on the read-only accessible_resources[*] (JSON text → map): the values the service
  // made up for it are converted, or nulled with a warning and read again.
  r("awscc_devopsagent_service", "svc", { service_type: "dynatrace" }, undefined, {
    AccessibleResources: [{ arn: "arn:aws:s3:::upgrade-logs", kind: "bucket" }],
  }),
  // A new argument with a default (report: not breaking, but the default is planned where the
  // configuration omits it and the object does not have it).
  r("awscc_globalaccelerator_accelerator", "ga", { name: "upgrade-ga" }),
  r("awscc_cloudfront_vpc_origin", "origin", {
    vpc_origin_endpoint_config: {
      arn: `arn:aws:elasticloadbalancing:us-east-1:${ACCOUNT}:loadbalancer/app/upgrade/0123456789abcdef`,
      name: "upgrade-origin",
    },
  }),
  r("awscc_cloudformation_lambda_hook", "hook", {
    alias: "Private::Upgrade::Hook",
    lambda_function: `arn:aws:lambda:us-east-1:${ACCOUNT}:function:upgrade-hook`,
    execution_role: ROLE,
    failure_mode: "WARN",
    hook_status: "ENABLED",
    target_operations: ["RESOURCE"],
  }),
  // Breaking (a shorter maximum statement length), and a new argument with a default.
  r("awscc_bedrockagentcore_policy", "policy", {
    policy_engine_id: "upgrade_engine-abcdefghij",
    name: "upgrade_policy",
    definition: { cedar: { statement: "permit(principal, action, resource) when { true };" } },
  }),
  // Deprecated argument, configured: a warning.
  r("awscc_interconnect_connection", "conn", {
    attach_point: { arn: `arn:aws:ec2:us-east-1:${ACCOUNT}:transit-gateway/tgw-0123456789abcdef0` },
    remote_owner_account: ACCOUNT,
  }),
  // Non-breaking changes.
  r("awscc_cloudwatch_alarm", "alarm", {
    alarm_name: "upgrade-alarm",
    comparison_operator: "GreaterThanThreshold",
    evaluation_periods: 1,
    metric_name: "CPUUtilization",
    namespace: "AWS/EC2",
    period: 60,
    statistic: "Average",
    threshold: 80,
  }),
  r("awscc_ec2_vpc", "vpc", { cidr_block: "10.0.0.0/16" }),
  r("awscc_ssm_parameter", "param", { name: "/upgrade/param", type: "String", value: "v1" }),
  r("awscc_sqs_queue", "queue", { queue_name: "upgrade-queue" }),
  r("awscc_sns_topic", "topic", { topic_name: "upgrade-topic" }),
  r("awscc_ecs_cluster", "cluster", { cluster_name: "upgrade-cluster" }),
  // Unchanged types.
  r("awscc_logs_log_group", "logs", { log_group_name: "/upgrade/logs", retention_in_days: 7 }),
  r("awscc_s3_bucket", "bucket", { bucket_name: "upgrade-bucket-1" }),
  r("awscc_ecr_repository", "repo", { repository_name: "upgrade-repo" }),
  r("awscc_kms_key", "key", { description: "upgrade test" }),
];

/** Configurations valid for the older provider that the newer one must refuse, as the report says. */
export const REFUSED: readonly FixtureBlock[] = [
  // requiredAdded ×5: none of them configured.
  r("awscc_connect_data_table", "bare", {}),
  // boundChanged (maxLength 153600 → 10000): a Cedar statement longer than the new limit.
  r(
    "awscc_bedrockagentcore_policy",
    "long",
    {
      policy_engine_id: "upgrade_engine-abcdefghij",
      name: "upgrade_policy",
      definition: {
        cedar: { statement: `permit(principal, action, resource) when { ${"true && ".repeat(1300)}true };` },
      },
    },
    ["definition.cedar.statement"],
  ),
  // moduleRemoved: the plural data source is no longer generated.
  { kind: "data", type: "awscc_lex_bot_aliases", name: "all", values: {} },
];

function hcl(value: unknown): string {
  // JSON is valid HCL for strings, numbers, booleans, lists and objects ("key": value).
  return JSON.stringify(value);
}

export function renderBlock(block: FixtureBlock): string {
  const lines = Object.entries(block.values).map(([k, v]) => `  ${k} = ${hcl(v)}`);
  return `${block.kind} "${block.type}" "${block.name}" {\n${lines.join("\n")}\n}\n`;
}

export const addressOf = (b: FixtureBlock): string =>
  `${b.kind === "data" ? "data." : ""}${b.type}.${b.name}`;
