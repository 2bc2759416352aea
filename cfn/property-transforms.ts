// A schema's propertyTransform: per property, JSONata expressions joined by `$OR` (CloudFormation's
// own extension) that say in which forms the service answers a value it was sent. Evaluated with
// the jsonata library, loaded on first use (most processes never evaluate one). Shared by the
// runtime, which reads such answers as the value sent (runtime/convert/input-forms.ts), and the
// emulator, which answers in them (emulator/realism/transforms.ts).
import type jsonataType from "jsonata";

type Expression = ReturnType<typeof jsonataType>;

let library: Promise<typeof jsonataType> | undefined;
const compiled = new Map<string, Expression | null>();

/** A compiled alternative, or null for one JSONata cannot parse (it then gives nothing). */
async function compile(text: string): Promise<Expression | null> {
  let expression = compiled.get(text);
  if (expression === undefined) {
    const jsonata = await (library ??= import("jsonata").then((module) => module.default));
    try {
      expression = jsonata(text);
    } catch {
      expression = null;
    }
    compiled.set(text, expression);
  }
  return expression;
}

/**
 * A schema's transforms of properties, as pointer → expression: string expressions under
 * `/properties/` only, a pointer written without its leading slash (SimSpaceWeaver Simulation's)
 * read as if it had one.
 */
export function propertyTransformsOf(schema: {
  readonly propertyTransform?: unknown;
}): Record<string, string> {
  const declared = schema.propertyTransform;
  if (typeof declared !== "object" || declared === null || Array.isArray(declared)) return {};
  const out: Record<string, string> = {};
  for (const [written, transform] of Object.entries(declared as Record<string, unknown>)) {
    const pointer = written.startsWith("properties/") ? `/${written}` : written;
    if (pointer.startsWith("/properties/") && typeof transform === "string") out[pointer] = transform;
  }
  return out;
}

/** The alternatives of a transform: `A $OR B`. */
export function alternatives(transform: string): string[] {
  return transform
    .split("$OR")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** The alternatives of a transform that JSONata cannot parse. */
export async function unparsableAlternatives(transform: string): Promise<string[]> {
  const out: string[] = [];
  for (const text of alternatives(transform)) if ((await compile(text)) === null) out.push(text);
  return out;
}

/**
 * What each alternative gives for a value, in order: evaluated in the object holding the value
 * (expressions such as `$lowercase(Name)` name their own property) and, where that gives nothing,
 * in the whole model (`FileSystemProtection.ReplicationOverwriteProtection`). An alternative that
 * gives nothing, or fails, is left out.
 */
export async function* transformResults(
  transform: string,
  holder: unknown,
  root: unknown,
): AsyncGenerator<unknown> {
  for (const text of alternatives(transform)) {
    const expression = await compile(text);
    if (!expression) continue;
    for (const context of holder === root ? [holder] : [holder, root]) {
      let result: unknown;
      try {
        result = await expression.evaluate(context);
      } catch {
        continue;
      }
      if (result !== undefined) {
        yield result;
        break;
      }
    }
  }
}

/**
 * Whether a transform result stands for the answer: the same value, or (with `patterns`) a pattern
 * it matches whole.
 */
export function resultStandsFor(result: unknown, answer: unknown, patterns = true): boolean {
  if (result === undefined || answer === undefined) return false;
  if (typeof result === "string" || typeof result === "number" || typeof result === "boolean") {
    if (typeof answer !== "object" && String(result) === String(answer)) return true;
    if (!patterns || typeof result !== "string" || typeof answer !== "string") return false;
    try {
      // Patterns are written for CloudFormation's (Java) engine: read without the unicode flag,
      // which would refuse escapes such as `\-` outside a class.
      return new RegExp(`^(?:${result})$`).test(answer);
    } catch {
      return false;
    }
  }
  return JSON.stringify(result) === JSON.stringify(answer);
}

/** Where a transformed value sits: its holder's member `name`, the holder at `path` from the root. */
export interface TransformSite {
  readonly holder: Readonly<Record<string, unknown>>;
  readonly root: unknown;
  readonly path: readonly (string | number)[];
  readonly name: string;
}

/**
 * Whether a pattern an alternative gives for the value at `site` is shaped by that value, so that
 * `answer` matching it says the answer is that value's form: with the value followed by a NUL
 * (which no answer holds) the alternative gives nothing the answer matches. An ECS task role's name
 * in `arn:…:role/<name>` is; DirectConnect's `^[a-zA-Z0-9-]+$` for a location, which every location
 * gives, is not. Only string values have such a counterpart.
 */
export async function patternShapedBy(
  alternative: string,
  site: TransformSite,
  answer: unknown,
): Promise<boolean> {
  const value = site.holder[site.name];
  if (typeof value !== "string") return false;
  const { holder, root } = contextsWith(site, `${value}\u0000`);
  for await (const result of transformResults(alternative, holder, root))
    if (resultStandsFor(result, answer, true)) return false;
  return true;
}

/** The holder and root of `site` with its value replaced by `value`. */
export function contextsWith(site: TransformSite, value: unknown): { holder: unknown; root: unknown } {
  const holder = { ...site.holder, [site.name]: value };
  const root = site.holder === site.root ? holder : replacedAt(site.root, [...site.path, site.name], value);
  return { holder, root };
}

/** A copy of plain JSON `root` with the value at `path` replaced. */
function replacedAt(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root) && typeof step === "number") {
    const copy = [...(root as unknown[])];
    copy[step] = replacedAt(copy[step], rest, value);
    return copy;
  }
  if (typeof root === "object" && root !== null && typeof step === "string") {
    const object = root as Record<string, unknown>;
    return { ...object, [step]: replacedAt(object[step], rest, value) };
  }
  return root;
}
