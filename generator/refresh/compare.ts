// What a refresh changed against the cache it replaces, by content hash.
import type { CacheManifest } from "./manifest.js";

export interface CacheChanges {
  readonly added: string[];
  readonly removed: string[];
  readonly changed: string[];
  readonly unchanged: number;
}

export function compareManifests(previous: CacheManifest | undefined, next: CacheManifest): CacheChanges {
  const before = previous?.types ?? {};
  const after = next.types;
  const added: string[] = [];
  const changed: string[] = [];
  let unchanged = 0;
  for (const [typeName, entry] of Object.entries(after)) {
    const old = before[typeName];
    if (!old) added.push(typeName);
    else if (old.sha256 !== entry.sha256) changed.push(typeName);
    else unchanged++;
  }
  const removed = Object.keys(before).filter((typeName) => !(typeName in after));
  return { added: added.sort(), removed: removed.sort(), changed: changed.sort(), unchanged };
}
