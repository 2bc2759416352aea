// Reads V8 .cpuprofile files of the provider binary and charges each sample to a category (gRPC,
// service client, validation, …), mapping the bundle's positions back to sources through the
// build's source map. Each sample goes to the first category found from the leaf frame upwards.
import fs from "node:fs";
import { SourceMap } from "node:module";

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

/** Categories in the order a frame is matched against them; the first match wins. */
const SOURCE_CATEGORIES: readonly (readonly [string, RegExp])[] = [
  ["gRPC", /node_modules\/@grpc\/|node_modules\/protobufjs|node_modules\/@protobufjs|node_modules\/long\//],
  [
    "service client",
    /node_modules\/@aws-sdk\/|node_modules\/@smithy\/|node_modules\/@aws-crypto\/|runtime\/cloudcontrol\//,
  ],
  ["msgpack", /node_modules\/@msgpack\/|terraform\/values\/msgpack|protocol\/wire/],
  ["validation", /node_modules\/ajv|runtime\/validate\/|terraform\/validators/],
  ["plan rules", /runtime\/plan\//],
  ["read/upgrade", /runtime\/read\/|runtime\/convert\/|runtime\/state\//],
  ["apply", /runtime\/apply\//],
  ["values", /terraform\/values\//],
  ["protocol", /protocol\//],
  ["provider", /provider\/|runtime\/provider\/|terraform\//],
  ["generated modules", /generated\//],
];

const NODE_CATEGORIES: readonly (readonly [string, RegExp])[] = [
  ["gRPC", /^node:(internal\/)?http2|internal\/http2/],
  ["TLS and sockets", /^node:(internal\/)?(tls|net|_tls|stream)|internal\/(tls|net|stream)|_tls_/],
  ["start-up", /^node:internal\/(bootstrap|main|modules|process|vm)|internal\/(bootstrap|main|modules)/],
];

/** A profile's nodes by id and the CPU samples in it (idle ones left out), each with its milliseconds. */
function readProfile(file: string): {
  byId: Map<number, ProfileNode>;
  busy: { id: number; ms: number }[];
} {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const busy = profile.samples
    .map((id, i) => ({ id, ms: (profile.timeDeltas[i] ?? 0) / 1000 }))
    .filter(({ id }) => byId.get(id)!.callFrame.functionName !== "(idle)");
  return { byId, busy };
}

export interface ProfileSummary {
  readonly file: string;
  /** CPU milliseconds (samples other than idle). */
  readonly cpuMs: number;
  readonly byCategory: ReadonlyMap<string, number>;
}

export class ProfileReader {
  private readonly map: SourceMap | undefined;
  private readonly sourceOf = new Map<string, string>();

  constructor(
    private readonly bundleUrlPattern: RegExp,
    sourceMapFile?: string,
  ) {
    this.map =
      sourceMapFile && fs.existsSync(sourceMapFile)
        ? new SourceMap(
            JSON.parse(fs.readFileSync(sourceMapFile, "utf8")) as ConstructorParameters<typeof SourceMap>[0],
          )
        : undefined;
  }

  /** The original source file of a frame in the bundle, or its URL for anything else. */
  private source(frame: CallFrame): string {
    if (!this.bundleUrlPattern.test(frame.url) || !this.map) return frame.url;
    const key = `${frame.lineNumber}:${frame.columnNumber}`;
    let source = this.sourceOf.get(key);
    if (source === undefined) {
      const entry = this.map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
      source = entry.originalSource ?? frame.url;
      this.sourceOf.set(key, source);
    }
    return source;
  }

  /** The category of a frame in the bundle (our sources and the libraries bundled with them). */
  private bundleCategory(frame: CallFrame): string | undefined {
    if (!this.bundleUrlPattern.test(frame.url)) return undefined;
    const source = this.source(frame);
    for (const [name, pattern] of SOURCE_CATEGORIES) if (pattern.test(source)) return name;
    return "other (bundle)";
  }

  private nodeCategory(frame: CallFrame): string | undefined {
    for (const [name, pattern] of NODE_CATEGORIES) if (pattern.test(frame.url)) return name;
    return undefined;
  }

  summarise(file: string): ProfileSummary {
    const { byId, busy } = readProfile(file);
    const parent = new Map<number, number>();
    for (const n of byId.values()) for (const c of n.children ?? []) parent.set(c, n.id);
    // A sample is charged to the nearest bundle frame above it (Node's own streams and buffers
    // work for whichever library called them), else to the nearest recognised Node frame.
    const categoryOfNode = new Map<number, string | undefined>();
    const nearest = (id: number, of: (frame: CallFrame) => string | undefined): string | undefined => {
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const found = of(byId.get(at)!.callFrame);
        if (found !== undefined) return found;
      }
      return undefined;
    };
    const categorise = (id: number): string => {
      if (!categoryOfNode.has(id)) {
        const name = byId.get(id)!.callFrame.functionName;
        const special =
          name === "(garbage collector)" ? "GC" : name === "(program)" ? "V8 (program)" : undefined;
        categoryOfNode.set(
          id,
          special ?? nearest(id, (f) => this.bundleCategory(f)) ?? nearest(id, (f) => this.nodeCategory(f)),
        );
      }
      return categoryOfNode.get(id) ?? "node internals";
    };
    const byCategory = new Map<string, number>();
    let cpuMs = 0;
    for (const { id, ms } of busy) {
      cpuMs += ms;
      const name = categorise(id);
      byCategory.set(name, (byCategory.get(name) ?? 0) + ms);
    }
    return { file, cpuMs, byCategory };
  }

  /** The `count` functions with the most self time, with their sources. */
  topFunctions(file: string, count: number): string {
    const { byId, busy } = readProfile(file);
    const self = new Map<string, number>();
    let cpuMs = 0;
    for (const { id, ms } of busy) {
      const frame = byId.get(id)!.callFrame;
      cpuMs += ms;
      const source = frame.url === "" ? "" : this.source(frame).replace(/^.*node_modules\//, "");
      const key = `${frame.functionName || "(anonymous)"} ${source}`;
      self.set(key, (self.get(key) ?? 0) + ms);
    }
    return [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([key, ms]) =>
          `    ${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / cpuMs).toFixed(1).padStart(5)} %  ${key}`,
      )
      .join("\n");
  }
}

export function formatSummary(summary: ProfileSummary): string {
  const parts = [...summary.byCategory.entries()]
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms / summary.cpuMs >= 0.02)
    .map(([name, ms]) => `${name} ${Math.round((100 * ms) / summary.cpuMs)} %`);
  return `${(summary.cpuMs / 1000).toFixed(2)} CPU s: ${parts.join(", ")}`;
}
