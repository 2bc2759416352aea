// Provider logs: hclog-style JSON lines on stderr, which go-plugin parses and re-logs under
// provider.terraform-provider-<name> (docs/protocol.md#logging). stdout is reserved for the handshake.

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error";
export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  trace(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  isEnabled(level: LogLevel): boolean;
}

const RANK: Record<LogLevel, number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4 };
const OFF = 5;

/**
 * Minimum level from TF_LOG_PROVIDER (else TF_LOG), as Terraform reads them: TRACE…ERROR, JSON = TRACE,
 * anything unrecognised = TRACE, unset/empty/OFF = nothing.
 */
export function levelFromEnvironment(env: NodeJS.ProcessEnv): number {
  const raw = (env.TF_LOG_PROVIDER || env.TF_LOG || "").trim().toLowerCase();
  if (raw === "" || raw === "off") return OFF;
  if (raw in RANK) return RANK[raw as LogLevel];
  return RANK.trace;
}

/** hclog's timestamp layout: 2006-01-02T15:04:05.000000Z07:00 (microseconds). */
export function hclogTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 23)}000Z`;
}

export interface LoggerOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly write?: (line: string) => void;
  readonly module?: string;
  readonly now?: () => Date;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const minimum = levelFromEnvironment(options.env ?? process.env);
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const now = options.now ?? (() => new Date());
  const log = (level: LogLevel) => (message: string, fields?: LogFields) => {
    if (RANK[level] < minimum) return;
    const entry: Record<string, unknown> = {
      "@level": level,
      "@message": message,
      "@timestamp": hclogTimestamp(now()),
    };
    if (options.module) entry["@module"] = options.module;
    for (const [key, value] of Object.entries(fields ?? {})) {
      if (!key.startsWith("@")) entry[key] = value instanceof Error ? value.message : value;
    }
    write(`${safeStringify(entry)}\n`);
  };
  return {
    trace: log("trace"),
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    isEnabled: (level) => RANK[level] >= minimum,
  };
}

function safeStringify(entry: Record<string, unknown>): string {
  try {
    return JSON.stringify(entry, (_key, value: unknown) =>
      typeof value === "bigint" ? value.toString() : value,
    );
  } catch {
    return JSON.stringify({
      "@level": entry["@level"],
      "@message": entry["@message"],
      "@timestamp": entry["@timestamp"],
    });
  }
}

/** A logger that drops everything (for in-process tests). */
export const silentLogger: Logger = {
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  isEnabled: () => false,
};
