// A release installed the way users install providers: `awscc-ts release` (linux_amd64), served by
// the local registry over HTTPS with a throw-away CA, then real `terraform init` verifies the
// signature and the checksums, writes both hash kinds in the lock file, and the installed provider
// plans, applies and destroys against the emulator. A tampered zip and a wrong signature are
// refused; `terraform providers mirror` copies the release into a folder a filesystem_mirror installs from.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { release, type ReleaseResult } from "../../../release/release.js";
import { sha256Hex, shasumsName, signatureName, zipName } from "../../../release/artifacts.js";
import { startRegistry, type RunningRegistry } from "../../../release/registry-server.js";
import { makeThrowAwayKey, signDetached } from "../../../release/signing.js";
import { makeThrowAwayTls, type ThrowAwayTls } from "../../../release/throwaway-ca.js";
import { ok, skipWithoutTerraform, TerraformWorkspace } from "../../e2e/harness.js";

const VERSION = "0.9.0";
const NAMESPACE = "awscc-ts";
const PLATFORM = "linux_amd64";

const LOG_GROUP = `resource "awscc_logs_log_group" "g" {
  log_group_name    = "from-the-registry"
  retention_in_days = 7
}
`;

describe("a release installed through the registry protocol", { skip: skipWithoutTerraform }, () => {
  let tmp: string;
  let built: ReleaseResult;
  let tls: ThrowAwayTls;
  let caFile: string;
  const registries: RunningRegistry[] = [];
  const workspaces: TerraformWorkspace[] = [];

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-release-"));
    built = await release({
      version: VERSION,
      platforms: [PLATFORM],
      out: path.join(tmp, "release"),
      log: () => {},
    });
    tls = makeThrowAwayTls();
    caFile = path.join(tmp, "ca.pem");
    fs.writeFileSync(caFile, tls.caPem);
  });

  after(async () => {
    for (const r of registries) await r.stop();
    for (const w of workspaces) await w.dispose();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function serve(dir: string): Promise<RunningRegistry> {
    const registry = await startRegistry({ dir, namespace: NAMESPACE, cert: tls.certPem, key: tls.keyPem });
    registries.push(registry);
    return registry;
  }

  async function workspace(label: string, installation = ""): Promise<TerraformWorkspace> {
    const ws = await TerraformWorkspace.createInstalling(label, installation, { SSL_CERT_FILE: caFile });
    workspaces.push(ws);
    return ws;
  }

  /** A copy of the release folder for a test to damage. */
  function copyOfRelease(label: string): string {
    const dir = path.join(tmp, label);
    fs.cpSync(built.dir, dir, { recursive: true });
    return dir;
  }

  let registry: RunningRegistry;
  let installed: TerraformWorkspace;

  test("terraform init installs it, verifying the signature, and locks both hash kinds", async () => {
    registry = await serve(built.dir);
    installed = await workspace("registry");
    installed.configureSource(`${registry.hostname}/${NAMESPACE}/awscc`, VERSION, LOG_GROUP);
    const init = ok(await installed.run("init", "-no-color"), "terraform init");
    assert.match(
      init.stdout,
      new RegExp(
        `Installed ${registry.hostname}/${NAMESPACE}/awscc v${VERSION} \\(self-signed, key ID ${built.keyId}\\)`,
      ),
    );
    const lock = fs.readFileSync(path.join(installed.dir, ".terraform.lock.hcl"), "utf8");
    const zipSha = sha256Hex(fs.readFileSync(path.join(built.dir, zipName(VERSION, PLATFORM))));
    assert.ok(lock.includes(`"zh:${zipSha}"`), `lock file lacks zh:${zipSha}:\n${lock}`);
    assert.match(lock, /"h1:[A-Za-z0-9+/]+=*"/);
    assert.ok(
      registry.requests.some((r) => r.endsWith(`/files/${VERSION}/${signatureName(VERSION)}`)),
      "Terraform never fetched the signature",
    );
  });

  test("the installed provider plans, applies and destroys against the emulator", async () => {
    ok(await installed.run("apply", "-auto-approve"), "terraform apply");
    const state = await installed.state();
    assert.equal(state["awscc_logs_log_group.g"]?.values.log_group_name, "from-the-registry");
    const plan = ok(await installed.run("plan", "-detailed-exitcode"), "terraform plan");
    assert.match(plan.stdout, /No changes/);
    ok(await installed.run("destroy", "-auto-approve"), "terraform destroy");
    assert.deepEqual(await installed.state(), {});
  });

  test("a tampered zip is refused", async (t) => {
    const dir = copyOfRelease("tampered-zip");
    const zip = path.join(dir, zipName(VERSION, PLATFORM));
    const bytes = fs.readFileSync(zip);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(zip, bytes);
    const r = await serve(dir);
    const ws = await workspace("tampered-zip");
    ws.configureSource(`${r.hostname}/${NAMESPACE}/awscc`, VERSION, LOG_GROUP);
    const init = await ws.run("init", "-no-color");
    t.diagnostic(terraformError(init.stderr));
    assert.notEqual(init.code, 0, `init of a tampered zip succeeded:\n${init.stdout}`);
    assert.match(terraformError(init.stderr), /archive has incorrect checksum zh:/);
    assert.ok(!fs.existsSync(path.join(ws.dir, ".terraform.lock.hcl")));
  });

  test("a zip whose SHA256SUMS was rewritten to match fails the signature check", async (t) => {
    const dir = copyOfRelease("rewritten-sums");
    const zip = path.join(dir, zipName(VERSION, PLATFORM));
    const bytes = fs.readFileSync(zip);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(zip, bytes);
    const sumsFile = path.join(dir, shasumsName(VERSION));
    const original = sha256Hex(fs.readFileSync(path.join(built.dir, zipName(VERSION, PLATFORM))));
    fs.writeFileSync(sumsFile, fs.readFileSync(sumsFile, "utf8").replace(original, sha256Hex(bytes)));
    const r = await serve(dir);
    const ws = await workspace("rewritten-sums");
    ws.configureSource(`${r.hostname}/${NAMESPACE}/awscc`, VERSION, LOG_GROUP);
    const init = await ws.run("init", "-no-color");
    t.diagnostic(terraformError(init.stderr));
    assert.notEqual(init.code, 0, `init with rewritten sums succeeded:\n${init.stdout}`);
    assert.match(terraformError(init.stderr), /error checking signature: openpgp: invalid signature/);
  });

  test("a signature made by another key than the one the registry lists is refused", async (t) => {
    const dir = copyOfRelease("wrong-signature");
    const sums = fs.readFileSync(path.join(dir, shasumsName(VERSION)));
    fs.writeFileSync(
      path.join(dir, signatureName(VERSION)),
      await signDetached(sums, await makeThrowAwayKey(2048)),
    );
    const r = await serve(dir);
    const ws = await workspace("wrong-signature");
    ws.configureSource(`${r.hostname}/${NAMESPACE}/awscc`, VERSION, LOG_GROUP);
    const init = await ws.run("init", "-no-color");
    t.diagnostic(terraformError(init.stderr));
    assert.notEqual(init.code, 0, `init with a wrong signature succeeded:\n${init.stdout}`);
    assert.match(terraformError(init.stderr), /authentication signature from unknown issuer/);
  });

  test("terraform providers mirror copies it into a folder that a filesystem_mirror installs from", async () => {
    const mirror = path.join(tmp, "mirror");
    ok(
      await installed.run("providers", "mirror", "-platform=linux_amd64", mirror),
      "terraform providers mirror",
    );
    const mirrored = path.join(mirror, registry.hostname, NAMESPACE, "awscc");
    assert.ok(fs.readdirSync(mirrored).includes(zipName(VERSION, PLATFORM)), `no zip under ${mirrored}`);
    // The registry is gone: only the mirror can satisfy this init.
    await registry.stop();
    registries.splice(registries.indexOf(registry), 1);
    const ws = await workspace(
      "mirror",
      `  filesystem_mirror {\n    path    = ${JSON.stringify(mirror)}\n    include = ["${registry.hostname}/*/*"]\n  }`,
    );
    ws.configureSource(`${registry.hostname}/${NAMESPACE}/awscc`, VERSION, LOG_GROUP);
    const init = ok(await ws.run("init", "-no-color"), "terraform init from the mirror");
    assert.match(init.stdout, new RegExp(`Installed ${registry.hostname}/${NAMESPACE}/awscc v${VERSION}`));
    const registryLock = fs.readFileSync(path.join(installed.dir, ".terraform.lock.hcl"), "utf8");
    const h1 = /"(h1:[^"]+)"/.exec(registryLock)![1]!;
    assert.ok(fs.readFileSync(path.join(ws.dir, ".terraform.lock.hcl"), "utf8").includes(h1));
    ok(await ws.run("apply", "-auto-approve"), "terraform apply from the mirrored provider");
    ok(await ws.run("destroy", "-auto-approve"), "terraform destroy");
  });
});

/** Terraform's error on one line (it wraps its messages), for matching and the test report. */
const terraformError = (stderr: string): string =>
  stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .join(" ")
    .slice(0, 400);
