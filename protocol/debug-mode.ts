// Debug mode: the provider started by hand (`terraform-provider-awscc -debug`), under a debugger or
// a profiler, for Terraform to attach to through TF_REATTACH_PROVIDERS instead of starting its own.
// Terraform then connects without TLS, does not stop the process, and reuses it for every command
// run with that variable set.

/** The source address Terraform's configurations use by default (README "Install"). */
export const DEFAULT_PROVIDER_ADDRESS = "registry.terraform.io/hashicorp/awscc";

export interface DebugOptions {
  /** `-debug` or `--debug` was given. */
  readonly debug: boolean;
  /** The key of TF_REATTACH_PROVIDERS: the source address the configuration requires. */
  readonly providerAddress: string;
}

/** The binary's flags; Terraform itself passes none. Throws on a flag it does not know. */
export function parseDebugFlags(argv: readonly string[]): DebugOptions {
  let debug = false;
  let providerAddress = DEFAULT_PROVIDER_ADDRESS;
  for (const arg of argv) {
    const [flag, value] = arg.replace(/^--?/, "-").split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag === "-debug" && value === undefined) debug = true;
    else if (flag === "-provider-address" && value) providerAddress = value;
    else
      throw new Error(
        `unknown flag ${JSON.stringify(arg)} (flags: -debug, -provider-address=<source address>)`,
      );
  }
  return { debug, providerAddress };
}

export interface ReattachTarget {
  readonly providerAddress: string;
  readonly pid: number;
  readonly protocolVersion: number;
  readonly network: "unix" | "tcp";
  readonly address: string;
}

/** The TF_REATTACH_PROVIDERS value for one running provider (Test: Terraform leaves the process be). */
export function reattachValue(target: ReattachTarget): string {
  return JSON.stringify({
    [target.providerAddress]: {
      Protocol: "grpc",
      ProtocolVersion: target.protocolVersion,
      Pid: target.pid,
      Test: true,
      Addr: { Network: target.network, String: target.address },
    },
  });
}

/** What debug mode prints on stdout once it listens. */
export function debugBanner(target: ReattachTarget): string {
  const quoted = `'${reattachValue(target).replaceAll("'", "'\\''")}'`;
  return (
    `terraform-provider-awscc is serving in debug mode (pid ${target.pid}). Run Terraform with this ` +
    `variable set and it will use this process instead of starting the provider:\n\n` +
    `\tTF_REATTACH_PROVIDERS=${quoted}\n\n` +
    `Stop it with Ctrl-C.\n`
  );
}
