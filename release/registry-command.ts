// awscc-ts registry: the local registry in the foreground, with its TLS material and the lines a
// user puts in a configuration to install from it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROVIDER_TYPE } from "./artifacts.js";
import { findReleases, startRegistry } from "./registry-server.js";
import { makeThrowAwayTls } from "./throwaway-ca.js";

export interface RegistryCommandOptions {
  readonly dir: string;
  readonly port: string;
  readonly namespace?: string;
  readonly cert?: string;
  readonly key?: string;
}

export async function runRegistryCommand(opts: RegistryCommandOptions): Promise<void> {
  if ((opts.cert === undefined) !== (opts.key === undefined)) throw new Error("--cert and --key go together");
  const dir = path.resolve(opts.dir);
  let tls: { cert: string; key: string };
  let caFile: string | undefined;
  if (opts.cert && opts.key) {
    tls = { cert: fs.readFileSync(opts.cert, "utf8"), key: fs.readFileSync(opts.key, "utf8") };
  } else {
    const made = makeThrowAwayTls();
    caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "awscc-registry-ca-")), "ca.pem");
    fs.writeFileSync(caFile, made.caPem);
    tls = { cert: made.certPem, key: made.keyPem };
  }
  const registry = await startRegistry({ dir, port: Number(opts.port), namespace: opts.namespace, ...tls });
  const versions = [...findReleases(dir).keys()];
  const ns = opts.namespace ?? "local";
  process.stdout.write(
    [
      `Registry at https://${registry.hostname}/ serving ${dir} (versions: ${versions.join(", ") || "none yet"})`,
      ...(caFile
        ? [`Throw-away CA: ${caFile}; let Terraform trust it with`, `  export SSL_CERT_FILE=${caFile}`]
        : []),
      `In a configuration:`,
      `  terraform { required_providers { awscc = { source = "${registry.hostname}/${ns}/${PROVIDER_TYPE}" } } }`,
      `Ctrl-C stops it.`,
      "",
    ].join("\n"),
  );
  await new Promise<void>((resolve) => process.once("SIGINT", () => resolve()));
  await registry.stop();
}
