// The folders a refresh uses, all siblings of the cache so the final renames stay on one file system:
// `<cache>.previous` (the cache before the last refresh, for `npm run diff`), `<cache>.staging`
// (what a registry refresh fetched so far, for resumption) and `<cache>.tmp-<pid>-<n>` (a cache
// being written, or an old one being thrown away).
import path from "node:path";

export interface CacheLayout {
  readonly dir: string;
  readonly previous: string;
  readonly staging: string;
  /** Prefix of the temporary folders; the process id follows it. */
  readonly tempPrefix: string;
}

export function cacheLayout(cacheDir: string): CacheLayout {
  const dir = path.resolve(cacheDir);
  return {
    dir,
    previous: `${dir}.previous`,
    staging: `${dir}.staging`,
    tempPrefix: `${path.basename(dir)}.tmp-`,
  };
}

/** The cache file of a type, named like ../shared/cfn/schemas: `AWS::Logs::LogGroup` → `AWS_Logs_LogGroup.json`. */
export function cacheFileName(typeName: string): string {
  return `${typeName.replaceAll("::", "_")}.json`;
}
