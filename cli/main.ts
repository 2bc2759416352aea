// awscc-ts command line.
import { Command } from "commander";
import { defaultGeneratedDir, resolveGenerateSchemasDir } from "../cfn/paths.js";
import type { RefreshCommandOptions } from "./refresh-command.js";
import { createProgress } from "./progress.js";

const program = new Command();
program.name("awscc-ts").description("Terraform provider generator for AWS Cloud Control");

program
  .command("generate")
  .description("generate resource and data source modules from the cached CloudFormation schemas")
  .option("--only <types...>", "only these CloudFormation types, e.g. AWS::Logs::LogGroup")
  .option(
    "--schemas <dir>",
    "schema directory (default: $AWSCC_SCHEMAS_DIR, else schemas/cache once refreshed, else ../shared/cfn/schemas)",
  )
  .option("--out <dir>", "output directory", defaultGeneratedDir)
  .option("--no-validate", "skip the meta-schema check")
  .option("--verbose", "list every warning (by default the summary counts them by rule)")
  .option(
    "--full",
    "re-emit every module (default: only types whose schema, pin, patch or generator changed)",
  )
  .action(
    async (opts: {
      only?: string[];
      schemas?: string;
      out: string;
      validate: boolean;
      full?: boolean;
      verbose?: boolean;
    }) => {
      // Loaded here, not at the top: the other commands start ~0.7 s faster without the generator.
      const { generate } = await import("../generator/pipeline/generate.js");
      const { formatSummary } = await import("../generator/pipeline/summary.js");
      const started = performance.now();
      const progress = createProgress("generate");
      const schemasDir = resolveGenerateSchemasDir(opts.schemas);
      const result = generate({
        schemasDir,
        outDir: opts.out,
        only: opts.only,
        validate: opts.validate,
        full: opts.full,
        onProgress: (done, total) => progress.update(done, total),
      });
      progress.stop();
      const seconds = (performance.now() - started) / 1000;
      const w = result.written;
      const mode = w.incremental
        ? `incremental: ${w.emittedTypes} of ${result.plan.types.length} types re-emitted, ${w.removedModules} stale modules removed`
        : "full";
      process.stdout.write(
        `Schemas: ${schemasDir}\nOutput:  ${opts.out} (${mode}; ${w.files} files written, ${(w.bytes / 1e6).toFixed(1)} MB)\n`,
      );
      process.stdout.write(
        formatSummary(result.plan, result.counts, seconds, { listWarnings: opts.verbose }) + "\n",
      );
      if (result.counts.errors > 0) process.exitCode = 1;
    },
  );

program
  .command("orphans")
  .description(
    "list objects Cloud Control created that the state does not track (e.g. after Terraform was killed mid-apply), with terraform import lines",
  )
  .requiredOption("--state <file>", "the Terraform state file (JSON, version 4)")
  .option("--since <duration>", "only creates that finished within this Go-style duration, e.g. 2h or 30m")
  .option("--region <region>", "AWS region (default: $AWS_REGION, else the SDK's configuration)")
  .option("--endpoint <url>", "Cloud Control endpoint URL (e.g. the emulator)")
  .option("--types <types>", "comma-separated CloudFormation types, e.g. AWS::EC2::VPC,AWS::S3::Bucket")
  .option("--json", "print JSON")
  .action(
    async (opts: {
      state: string;
      since?: string;
      region?: string;
      endpoint?: string;
      types?: string;
      json?: boolean;
    }) => {
      const { runOrphans } = await import("../runtime/tools/orphans.js");
      process.stdout.write(await runOrphans(opts));
    },
  );

program
  .command("diff")
  .description("report the changes between two schema directories (breaking changes, new and removed types)")
  .argument("<old>", "the older schema directory")
  .argument("<new>", "the newer schema directory")
  .option("--json <file>", "write the report as JSON")
  .option("--markdown <file>", "write the report as a Markdown changelog fragment")
  .action(async (oldDir: string, newDir: string, opts: { json?: string; markdown?: string }) => {
    const { runDiff } = await import("../generator/diff/run.js");
    process.stdout.write(runDiff(oldDir, newDir, opts));
  });

program
  .command("review-modules")
  .description(
    "diff the modules of real types (LogGroup, S3 Bucket, WAFv2 WebACL by default) as a base commit and the working tree generate them",
  )
  .option("--base <ref>", "the commit to compare with", "HEAD")
  .option("--only <types...>", "other CloudFormation types to compare")
  .option(
    "--schemas <dir>",
    "schema directory (default: $AWSCC_SCHEMAS_DIR, else schemas/cache once refreshed, else ../shared/cfn/schemas)",
  )
  .action(async (opts: { base: string; only?: string[]; schemas?: string }) => {
    const { reviewModules } = await import("./review-modules.js");
    const schemasDir = resolveGenerateSchemasDir(opts.schemas);
    const { diff, modules } = reviewModules({ base: opts.base, schemasDir, types: opts.only });
    process.stdout.write(diff === "" ? `${modules} modules: no change against ${opts.base}\n` : diff);
  });

program
  .command("docs")
  .description("write Terraform Registry documentation (resources/, data-sources/, index.md)")
  .option("--out <dir>", "output directory (default: docs/generated)")
  .option(
    "--schemas <dir>",
    "schema directory (default: $AWSCC_SCHEMAS_DIR, else schemas/cache once refreshed, else ../shared/cfn/schemas)",
  )
  .option("--only <types...>", "only these CloudFormation types, e.g. AWS::Logs::LogGroup")
  .action(async (opts: { out?: string; schemas?: string; only?: string[] }) => {
    const { generateDocs } = await import("../generator/docs/write-docs.js");
    const started = performance.now();
    const schemasDir = resolveGenerateSchemasDir(opts.schemas);
    const result = generateDocs({ outDir: opts.out, schemasDir, only: opts.only });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Docs: ${result.outDir} (${result.files} pages, ${(result.bytes / 1e6).toFixed(1)} MB) in ${seconds} s\n`,
    );
  });

program
  .command("refresh-schemas")
  .description(
    "fill the schema cache (schemas/cache) from the CloudFormation registry, a CloudformationSchema.zip or a folder",
  )
  .option("--from-registry", "ListTypes + DescribeType of the public, live AWS resource types")
  .option("--from-archive <path>", "a CloudformationSchema.zip archive")
  .option("--from-dir <dir>", "a folder of schema files, e.g. ../shared/cfn/schemas")
  .option("--region <region>", "registry region (default: AWS_REGION / profile); recorded in the manifest")
  .option("--endpoint <url>", "registry endpoint (e.g. a local emulator)")
  .option("--concurrency <n>", "DescribeType calls in flight (default 8)")
  .option("--max-attempts <n>", "attempts per registry call, retries included (default 10)")
  .option("--fresh", "start the registry fetch over instead of resuming an unfinished one")
  .option("--out <dir>", "cache folder (default: $AWSCC_SCHEMA_CACHE_DIR or schemas/cache)")
  .action(async (opts: RefreshCommandOptions) => {
    const { runRefreshCommand } = await import("./refresh-command.js");
    process.exitCode = await runRefreshCommand(opts);
  });

program
  .command("release")
  .description(
    "build the provider for each platform and write a registry-ready release: zips, manifest, SHA256SUMS and its signature",
  )
  .requiredOption("--version <x.y.z>", "the provider version (semantic version, no leading v)")
  .option(
    "--platforms <list>",
    "comma-separated Terraform platforms, e.g. linux_amd64,linux_arm64 (default: all pinned in release/runtimes.json)",
  )
  .option(
    "--signing-key <file>",
    "OpenPGP private key that signs SHA256SUMS (passphrase in $AWSCC_SIGNING_KEY_PASSPHRASE); default: a throw-away key",
  )
  .option("--out <dir>", "release folder (default: dist/release/<version>)")
  .option(
    "--schemas <dir>",
    "schema folder to generate from (default: what `generate` reads, into generated/)",
  )
  .action(
    async (opts: {
      version: string;
      platforms?: string;
      signingKey?: string;
      out?: string;
      schemas?: string;
    }) => {
      const { release } = await import("../release/release.js");
      const result = await release({
        version: opts.version,
        platforms: opts.platforms
          ?.split(",")
          .map((p) => p.trim())
          .filter((p) => p !== ""),
        signingKey: opts.signingKey,
        out: opts.out,
        schemas: opts.schemas,
      });
      const lines = [...result.files].map(
        ([name, size]) => `  ${(size / 1e6).toFixed(1).padStart(6)} MB  ${name}`,
      );
      process.stdout.write(
        `Release ${opts.version} in ${result.dir} (signed by ${result.keyId}${result.throwAwayKey ? ", a throw-away key" : ""}):\n${lines.join("\n")}\n`,
      );
    },
  );

program
  .command("registry")
  .description(
    "serve release folders through the Terraform provider registry protocol over HTTPS (for local use and tests)",
  )
  .requiredOption("--dir <dir>", "a release folder, or a folder of release folders")
  .option("--port <n>", "port (default 8443; 0 picks a free one)", "8443")
  .option("--namespace <ns>", "only answer for this namespace (default: any)")
  .option("--cert <file>", "PEM certificate chain (default: a throw-away CA and certificate for localhost)")
  .option("--key <file>", "PEM private key of --cert")
  .action(async (opts: { dir: string; port: string; namespace?: string; cert?: string; key?: string }) => {
    const { runRegistryCommand } = await import("../release/registry-command.js");
    await runRegistryCommand(opts);
  });

program.parseAsync().catch((e: unknown) => {
  process.stderr.write(`awscc-ts: ${(e as Error).message}\n`);
  process.exitCode = 2;
});
