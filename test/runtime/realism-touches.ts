// Which realism behaviours visibly touched a type's object: the object as it was sent
// (CreateResource's DesiredState), as the emulator stores it, and as GetResource answered it are
// compared path by path, and each difference is put down to the behaviour that makes it. For the
// counts the randomized sweep reports under the profile; approximate by nature (a schema default
// the emulator always applies counts as `defaults`).

export type Touch =
  "defaults" | "empties" | "order" | "json" | "unreported" | "awstags" | "eventual" | "scalars";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown): boolean =>
  Array.isArray(v) ? v.length === 0 : isObject(v) && Object.keys(v).length === 0;
const text = (v: unknown): string => JSON.stringify(sortKeys(v));
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (isObject(v))
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys(v[k])]),
    );
  return v;
}
const parsesAsDocument = (s: string): boolean => {
  if (!/^\s*[[{]/.test(s)) return false;
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

/** Differences between the stored object and the answer (read-time behaviours). */
function readTouches(stored: unknown, answer: unknown, top: boolean, out: Set<Touch>): void {
  if (isObject(stored) && isObject(answer)) {
    // The same members in another order: a re-serialised document.
    const mine = Object.keys(stored);
    const theirs = Object.keys(answer);
    if (
      mine.length === theirs.length &&
      mine.join() !== theirs.join() &&
      [...mine].sort().join() === [...theirs].sort().join()
    )
      out.add("json");
    for (const key of Object.keys(answer)) {
      if (!Object.hasOwn(stored, key)) {
        if (isEmpty(answer[key])) out.add("empties");
        else if (/Tags$/.test(key)) out.add("awstags");
        else if (key === "Version") out.add("json"); // an IAM policy's Version, added
      }
    }
    for (const key of Object.keys(stored)) {
      const mine = stored[key];
      if (!Object.hasOwn(answer, key)) {
        out.add(isEmpty(mine) ? "empties" : top ? "unreported" : "empties");
        continue;
      }
      const theirs = answer[key];
      if (/Tags$/.test(key) && text(theirs).includes('"aws:')) out.add("awstags");
      readTouches(mine, theirs, false, out);
    }
    return;
  }
  if (Array.isArray(stored) && Array.isArray(answer)) {
    const a = stored.map(text);
    const b = answer.map(text);
    if (a.length === b.length && a.join() !== b.join() && [...a].sort().join() === [...b].sort().join())
      out.add("order");
    if (a.length === b.length) stored.forEach((item, i) => readTouches(item, answer[i], false, out));
    return;
  }
  if ((typeof stored === "number" || typeof stored === "boolean") && typeof answer === "string") {
    if (String(stored) === answer) out.add("scalars");
    return;
  }
  if (typeof stored === "string" && typeof answer === "string" && stored !== answer) {
    if (parsesAsDocument(stored) && parsesAsDocument(answer)) out.add("json");
    return;
  }
  const structured = (v: unknown): boolean => isObject(v) || Array.isArray(v);
  if ((structured(stored) || structured(answer)) && text(stored) !== text(answer)) out.add("json");
}

/** Paths the stored object has that the desired state did not (create-time `defaults`). */
function addedOnCreate(sent: unknown, stored: unknown, readOnly: ReadonlySet<string>, path: string): boolean {
  if (!isObject(sent) || !isObject(stored)) return false;
  return Object.keys(stored).some((key) => {
    const here = `${path}/${key}`;
    if (readOnly.has(here)) return false;
    if (!Object.hasOwn(sent, key)) return !isEmpty(stored[key]);
    return addedOnCreate(sent[key], stored[key], readOnly, here);
  });
}

export function touchesOf(input: {
  readonly sent: unknown;
  readonly stored: unknown;
  readonly answer: unknown;
  readonly readOnly: readonly string[];
  readonly notFoundReads: number;
}): Set<Touch> {
  const out = new Set<Touch>();
  readTouches(input.stored, input.answer, true, out);
  const readOnly = new Set(input.readOnly.map((p) => p.replace(/^\/properties/, "")));
  if (addedOnCreate(input.sent, input.stored, readOnly, "")) out.add("defaults");
  if (input.notFoundReads > 0) out.add("eventual");
  return out;
}
