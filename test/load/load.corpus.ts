// The whole shared corpus through the load stage: every schema loads, and the schemas that fail
// the strict meta-schema (plain ajv, ECMAScript regexes) are exactly the known 33, all generatable.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";
import { resolveMetaSchemasDir } from "../../cfn/paths.js";
import { assessPattern, isEcmaScriptRegex } from "../../generator/load/cfn-regex.js";
import { type Finding, formatSummary } from "../../cfn/findings.js";
import { appendPointer, resolvePointer, unescapePointerToken } from "../../cfn/json-pointer.js";
import { isJsonObject } from "../../cfn/json.js";
import { type CheckedSchema, isGeneratable, loadSchemas } from "../../generator/load/load-schemas.js";
import { forEachSchemaNode } from "../../generator/load/schema-sites.js";

const addFormats = addFormatsModule.default;

type StrictReason = "relationshipRef" | "regex";

// Found by validating the corpus against the meta-schema with stock ajv + ajv-formats.
const STRICT_FAILURES: Record<string, StrictReason> = {
  "AWS_Amplify_App.json": "regex", // (?s) inline flag
  "AWS_Amplify_Branch.json": "regex", // (?s)
  "AWS_Amplify_Domain.json": "regex", // (?s)
  "AWS_ApiGateway_RestApi.json": "relationshipRef",
  "AWS_AutoScaling_LaunchConfiguration.json": "relationshipRef",
  "AWS_CloudTrail_Dashboard.json": "regex", // (?s)
  "AWS_DirectConnect_Connection.json": "relationshipRef",
  "AWS_DirectConnect_DirectConnectGatewayAssociation.json": "relationshipRef",
  "AWS_DirectConnect_PrivateVirtualInterface.json": "relationshipRef",
  "AWS_DirectConnect_PublicVirtualInterface.json": "relationshipRef",
  "AWS_DirectConnect_TransitVirtualInterface.json": "relationshipRef",
  "AWS_DynamoDB_GlobalTable.json": "relationshipRef",
  "AWS_DynamoDB_Table.json": "relationshipRef",
  "AWS_EC2_EIPAssociation.json": "relationshipRef",
  "AWS_EC2_TransitGatewayAttachment.json": "relationshipRef",
  "AWS_EC2_VPCEndpoint.json": "relationshipRef",
  "AWS_EC2_VPCEndpointService.json": "relationshipRef",
  "AWS_ElasticLoadBalancingV2_Listener.json": "relationshipRef",
  "AWS_GameLift_GameServerGroup.json": "regex", // astral-plane class range: needs the u flag
  "AWS_KinesisAnalyticsV2_Application.json": "regex", // (?i) in the middle of the pattern
  "AWS_KinesisFirehose_DeliveryStream.json": "relationshipRef",
  "AWS_Kinesis_ResourcePolicy.json": "relationshipRef",
  "AWS_Kinesis_Stream.json": "relationshipRef",
  "AWS_RTBFabric_RequesterGateway.json": "relationshipRef",
  "AWS_RTBFabric_ResponderGateway.json": "relationshipRef",
  "AWS_Redshift_Cluster.json": "relationshipRef",
  "AWS_Redshift_ClusterSubnetGroup.json": "relationshipRef",
  "AWS_Redshift_EndpointAccess.json": "relationshipRef",
  "AWS_Redshift_EndpointAuthorization.json": "relationshipRef",
  "AWS_S3Express_DirectoryBucket.json": "relationshipRef",
  "AWS_SSM_Association.json": "relationshipRef",
  "AWS_SageMaker_ModelPackage.json": "regex", // \p{L} key with "${1,256}" after the end anchor
  "AWS_VpcLattice_ResourceGateway.json": "relationshipRef",
};

// Findings that do not depend on the regex translation, per rule: the corpus is fixed, so these
// are exact. (Regex findings follow translatePattern, which is still evolving; they are checked
// for consistency with it instead.)
const EXPECTED_NON_REGEX_FINDINGS: Record<string, number> = {
  "pointer-prefix": 3, // CloudFront ContinuousDeploymentPolicy deprecatedProperties under /definitions
  "pointer-unresolved": 18, // stale read/create/write/deprecated pointers in 12 schemas
  "unknown-keyword": 85, // relationshipRef, in 26 schemas
};

// Schemas with patterns that are not ECMAScript as written (39 patterns): RE2/Java inline flags,
// \A/\z anchors (which ECMAScript's legacy mode silently reads as letters) and a quantified "$".
const NON_ECMASCRIPT_PATTERN_FILES = [
  "AWS_Amplify_App.json",
  "AWS_Amplify_Branch.json",
  "AWS_Amplify_Domain.json",
  "AWS_CloudTrail_Dashboard.json",
  "AWS_DataSync_LocationSMB.json",
  "AWS_KinesisAnalyticsV2_Application.json",
  "AWS_Rekognition_Collection.json",
  "AWS_Rekognition_Project.json",
  "AWS_Rekognition_StreamProcessor.json",
  "AWS_SageMaker_ModelPackage.json",
];

function strictMetaSchema() {
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  const dir = resolveMetaSchemasDir();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    ajv.addSchema(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
  }
  return ajv.getSchema(
    "https://schema.cloudformation.us-east-1.amazonaws.com/provider.definition.schema.v1.json",
  )!;
}

describe("the real corpus", async () => {
  const start = performance.now();
  const result = await loadSchemas();
  const elapsed = performance.now() - start;
  const byFile = new Map<string, CheckedSchema>(result.schemas.map((s) => [s.file, s]));
  const patternAt = (f: Finding): string => {
    const value = f.pointer.includes("/patternProperties/")
      ? unescapePointerToken(f.pointer.slice(f.pointer.lastIndexOf("/") + 1))
      : resolvePointer(byFile.get(f.file)!.schema, f.pointer);
    assert.equal(typeof value, "string", f.message);
    return value as string;
  };

  test("every schema loads and none has an error", () => {
    console.log(`load + validate: ${elapsed.toFixed(0)} ms`);
    console.log(formatSummary(result.summary), JSON.stringify(result.summary.byRule));
    assert.equal(result.schemas.length, 1489);
    const errors = result.findings.filter((f) => f.severity === "error");
    assert.deepEqual(errors, []);
    assert.equal(result.schemas.filter(isGeneratable).length, 1489);
  });

  test("translation-independent findings are exactly the known ones", () => {
    const counts: Record<string, number> = {};
    for (const f of result.findings) {
      if (f.rule?.startsWith("regex-")) continue;
      counts[f.rule ?? ""] = (counts[f.rule ?? ""] ?? 0) + 1;
    }
    assert.deepEqual(counts, EXPECTED_NON_REGEX_FINDINGS);
  });

  test("regex findings agree with translatePattern, and cover every non-ECMAScript pattern", () => {
    const regexFindings = result.findings.filter((f) => f.rule?.startsWith("regex-"));
    for (const f of regexFindings) {
      assert.equal(`regex-${assessPattern(patternAt(f)).kind}`, f.rule, f.message);
    }
    // Independently of ajv: walk every schema node and list the patterns that are not ECMAScript.
    const reported = new Set(regexFindings.map((f) => `${f.file} ${f.pointer}`));
    const offSpec: string[] = [];
    for (const s of result.schemas) {
      forEachSchemaNode(s.schema, (node, where) => {
        const patterns: [string, unknown][] = [[appendPointer(where.pointer, "pattern"), node.pattern]];
        if (isJsonObject(node.patternProperties)) {
          for (const key of Object.keys(node.patternProperties)) {
            patterns.push([appendPointer(where.pointer, "patternProperties", key), key]);
          }
        }
        for (const [pointer, pattern] of patterns) {
          if (typeof pattern === "string" && !isEcmaScriptRegex(pattern))
            offSpec.push(`${s.file} ${pointer}`);
        }
      });
    }
    assert.equal(offSpec.length, 39);
    for (const location of offSpec) assert.ok(reported.has(location), `no regex finding at ${location}`);
    const offSpecFiles = [...new Set(offSpec.map((l) => l.split(" ")[0]))].sort();
    assert.deepEqual(offSpecFiles, NON_ECMASCRIPT_PATTERN_FILES);
    const files = new Set(regexFindings.map((f) => f.file));
    console.log(`regex findings: ${regexFindings.length} in ${files.size} schemas`);
  });

  test("the strict meta-schema rejects exactly the known 33, and each is classified", () => {
    const strict = strictMetaSchema();
    const rejected = new Map<string, ErrorObject[]>();
    for (const s of result.schemas) if (!strict(s.schema)) rejected.set(s.file, [...(strict.errors ?? [])]);
    assert.deepEqual([...rejected.keys()].sort(), Object.keys(STRICT_FAILURES).sort());

    const lines: string[] = [];
    for (const [file, errors] of rejected) {
      const findings: readonly Finding[] = byFile.get(file)!.findings;
      assert.ok(!findings.some((f) => f.severity === "error"), file);
      const at = new Set(findings.map((f) => `${f.rule} ${f.pointer}`));
      for (const e of errors) {
        if (e.keyword === "additionalProperties") {
          assert.equal(e.params.additionalProperty, "relationshipRef");
          const pointer = appendPointer(e.instancePath, "relationshipRef");
          assert.ok(at.has(`unknown-keyword ${pointer}`), `${file}: no warning at ${pointer}`);
        } else if (e.keyword === "format" || e.keyword === "propertyNames") {
          const pattern =
            e.keyword === "propertyNames"
              ? e.params.propertyName
              : resolvePointer(byFile.get(file)!.schema, e.instancePath);
          if (typeof pattern !== "string") continue; // the propertyNames format error repeats its parent
          const kind = assessPattern(pattern).kind;
          const pointer =
            e.keyword === "propertyNames" ? appendPointer(e.instancePath, pattern) : e.instancePath;
          if (kind !== "valid")
            assert.ok(at.has(`regex-${kind} ${pointer}`), `${file}: no regex warning at ${pointer}`);
        } else {
          assert.fail(`${file}: unexpected strict failure ${e.keyword} at ${e.instancePath}`);
        }
      }
      const warnings = findings.filter((f) => f.severity === "warning").length;
      lines.push(`${file} (${STRICT_FAILURES[file]}): ${warnings} warnings`);
    }
    console.log(`strict meta-schema failures (${rejected.size}):\n  ${lines.join("\n  ")}`);
  });
});
