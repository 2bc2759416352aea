// A provider binary built from another schema snapshot, without touching the repository's own
// generated/ and dist/: the tracked sources are copied into a folder under .cache/, node_modules is
// linked, `generate --schemas DIR` and `build` run there. The folder is named by a hash of its
// inputs (the sources the binary is made of, the lock file, the schema files), so it is built once.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../../../cfn/paths.js";

export interface SnapshotBuild {
  /** The built executable. */
  readonly binary: string;
  /** The effective schemas the build generated from (what an emulator of that snapshot serves). */
  readonly cfnSchemas: string;
  /** Whether this call built it (false: taken from the cache). */
  readonly built: boolean;
}

/** Tracked files that go into the binary (the lock file stands for the dependencies): not tests or docs. */
const BUILD_INPUTS =
  /^(provider|runtime|protocol|terraform|cfn|build|generator|schemas|templates|cli)\/|^package-lock\.json$|^tsconfig/;

/** Tracked inputs that do not change what generate and build produce. */
const NOT_BUILD_INPUTS = /^generator\/diff\//;

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8" })
    .split("\0")
    .filter((f) => f !== "" && fs.existsSync(path.join(repoRoot, f)));
}

function hashFiles(hash: ReturnType<typeof createHash>, root: string, files: readonly string[]): void {
  for (const f of [...files].sort()) {
    hash.update(f + "\0");
    hash.update(fs.readFileSync(path.join(root, f)));
  }
}

export function snapshotBuildKey(schemasDir: string): string {
  const hash = createHash("sha256");
  hashFiles(
    hash,
    repoRoot,
    trackedFiles().filter((f) => BUILD_INPUTS.test(f) && !NOT_BUILD_INPUTS.test(f)),
  );
  hash.update("\0schemas\0");
  hashFiles(
    hash,
    schemasDir,
    fs.readdirSync(schemasDir).filter((f) => f.endsWith(".json")),
  );
  return hash.digest("hex").slice(0, 16);
}

/** Builds (or finds in .cache/snapshot-builds/) the provider generated from `schemasDir`. */
export function buildSnapshotProvider(
  schemasDir: string,
  log: (line: string) => void = () => {},
): SnapshotBuild {
  const key = snapshotBuildKey(schemasDir);
  const home = path.join(repoRoot, ".cache", "snapshot-builds", key);
  const copy = path.join(home, "repo");
  const binary = path.join(copy, "dist", "terraform-provider-awscc");
  const cfnSchemas = path.join(copy, "generated", "cfn-schemas");
  if (fs.existsSync(path.join(home, "done"))) return { binary, cfnSchemas, built: false };
  fs.rmSync(home, { recursive: true, force: true });
  fs.mkdirSync(copy, { recursive: true });
  for (const f of trackedFiles()) {
    fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, f), path.join(copy, f));
  }
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(copy, "node_modules"));
  // The sources find the shared inputs (meta-schemas) at ../shared.
  fs.symlinkSync(path.resolve(repoRoot, "../shared"), path.join(home, "shared"));
  const run = (...args: string[]) => {
    log(`snapshot build (${key}): ${args.join(" ")}`);
    execFileSync(process.execPath, ["--import", "tsx", ...args], {
      cwd: copy,
      stdio: "pipe",
      env: { ...process.env, AWSCC_SCHEMAS_DIR: path.resolve(schemasDir) },
      maxBuffer: 64 * 1024 * 1024,
    });
  };
  run("cli/main.ts", "generate", "--schemas", path.resolve(schemasDir));
  run("build/build.ts");
  fs.rmSync(path.join(copy, "dist", "build"), { recursive: true, force: true });
  fs.writeFileSync(path.join(home, "done"), `${new Date().toISOString()}\n`);
  // Builds for earlier inputs are never used again (~190 MB each): keep the latest only.
  for (const other of fs.readdirSync(path.dirname(home))) {
    if (other !== key) fs.rmSync(path.join(path.dirname(home), other), { recursive: true, force: true });
  }
  return { binary, cfnSchemas, built: true };
}
