// The forms in which a service answers a value it was sent, as its CloudFormation schema declares
// them (`propertyTransform`: per property, JSONata expressions joined by `$OR`). CloudFormation's
// drift detection applies a property's transform to the template's value and compares the result
// with what the read handler answers; a result may also be a pattern the answer must match (an
// IAM role name expanded to `arn:(aws)…:role/<name>`). Here the same check runs on what the provider
// sent or last knew (the input model): where the service answers a transformed form of it (an EC2
// rule's protocol "6" answered "tcp", a Route 53 zone name with a trailing dot, an RDS proxy name in
// lower case), the answer is rewritten to the input's form before it is read, so the form is no
// drift after a refresh and no inconsistent result after an apply. (The Go provider ignores the
// transforms: such a value plans a change, or a replacement, on every run.)
import { transformResults } from "../../cfn/property-transforms.js";
import {
  isJsonDocObject,
  type JsonDoc,
  type JsonDocObject,
  jsonDocEquals,
  jsonDocToPlain,
  parseJsonDoc,
} from "./json-doc.js";

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

/** Whether `answer` is a form of the input value under `transform` (cfn/property-transforms.ts). */
export async function isTransformedForm(
  transform: string,
  holder: unknown,
  root: unknown,
  answer: unknown,
  patterns = true,
): Promise<boolean> {
  for await (const result of transformResults(transform, holder, root))
    if (resultStandsFor(result, answer, patterns)) return true;
  return false;
}

/** The transforms of a model as a tree of property names (`*` for the elements of an array). */
interface TransformNode {
  transform?: string;
  readonly children: Map<string, TransformNode>;
}

function transformTree(transforms: Readonly<Record<string, string>>): TransformNode {
  const root: TransformNode = { children: new Map() };
  for (const [pointer, transform] of Object.entries(transforms)) {
    let node = root;
    for (const segment of pointer.split("/").slice(2)) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map() }));
      node = child;
    }
    if (node !== root) node.transform = transform;
  }
  return root;
}

const trees = new WeakMap<Readonly<Record<string, string>>, TransformNode>();

/** What the rewrite of one answer needs: the input model as plain JSON, made once when first needed. */
interface Walk {
  readonly root: () => unknown;
  /** Whether a result that is a pattern stands for the answers it matches. */
  readonly patterns: boolean;
}

/** The answer object with each transformed member below `node` in the input object's form. */
async function rewriteObject(
  walk: Walk,
  node: TransformNode,
  answer: JsonDocObject,
  input: JsonDocObject,
): Promise<JsonDocObject> {
  let out = answer;
  for (const [name, child] of node.children) {
    const value = answer[name];
    const given = input[name];
    if (value === undefined || given === undefined || jsonDocEquals(value, given)) continue;
    let next: JsonDoc = value;
    if (child.transform !== undefined) {
      if (
        await isTransformedForm(
          child.transform,
          jsonDocToPlain(input),
          walk.root(),
          jsonDocToPlain(value),
          walk.patterns,
        )
      )
        next = given;
    } else {
      const elements = child.children.get("*");
      if (elements && Array.isArray(value) && Array.isArray(given))
        next = await rewriteElements(
          walk,
          elements,
          value as readonly JsonDoc[],
          given as readonly JsonDoc[],
        );
      else if (isJsonDocObject(value) && isJsonDocObject(given))
        next = await rewriteObject(walk, child, value, given);
    }
    if (next !== value) out = { ...out, [name]: next };
  }
  return out;
}

/**
 * Whether an answer element stands for an input element: each member equal, or, where the schema
 * transforms it, a form of the input's (members holding deeper transforms are not compared).
 */
async function standsFor(
  walk: Walk,
  node: TransformNode,
  answer: JsonDocObject,
  input: JsonDocObject,
): Promise<boolean> {
  for (const [name, value] of Object.entries(answer)) {
    const given = input[name];
    if (given === undefined || jsonDocEquals(value, given)) continue;
    const child = node.children.get(name);
    if (child === undefined) return false;
    if (child.transform === undefined) continue;
    if (
      !(await isTransformedForm(
        child.transform,
        jsonDocToPlain(input),
        walk.root(),
        jsonDocToPlain(value),
        walk.patterns,
      ))
    )
      return false;
  }
  return true;
}

/**
 * The answer's elements, each in the form of the input element it stands for (the one at the same
 * position first, then the first not yet taken): the service may answer a list in its own order.
 */
async function rewriteElements(
  walk: Walk,
  node: TransformNode,
  answers: readonly JsonDoc[],
  inputs: readonly JsonDoc[],
): Promise<readonly JsonDoc[]> {
  const taken = new Set<number>();
  let changed = false;
  const out: JsonDoc[] = [];
  for (const [index, answer] of answers.entries()) {
    let rewritten: JsonDoc = answer;
    if (isJsonDocObject(answer)) {
      const order = index < inputs.length ? [index, ...inputs.keys()] : [...inputs.keys()];
      for (const at of order) {
        const input = inputs[at];
        if (taken.has(at) || !isJsonDocObject(input) || !(await standsFor(walk, node, answer, input)))
          continue;
        taken.add(at);
        rewritten = await rewriteObject(walk, node, answer, input);
        break;
      }
    }
    if (rewritten !== answer) changed = true;
    out.push(rewritten);
  }
  return changed ? out : answers;
}

/**
 * The service's answer (a GetResource model, as text or parsed) with every value that a property
 * transform of the input model gives back rewritten to the input's form; the answer as it came
 * when there are no transforms, and the same parsed object when nothing is rewritten. Results
 * that are patterns count (`patterns`) where the answer is the service's to a value sent; not where
 * a configuration is compared with a value held, where a pattern such as DirectConnect's
 * `^[a-zA-Z0-9-]+$` for a location would take a new location for the old one.
 */
export async function inInputForms(
  transforms: Readonly<Record<string, string>> | undefined,
  answerModel: string | JsonDocObject,
  input: JsonDocObject,
  patterns = true,
): Promise<string | JsonDocObject> {
  if (transforms === undefined) return answerModel;
  let answer: JsonDoc = answerModel;
  if (typeof answerModel === "string") {
    try {
      answer = parseJsonDoc(answerModel);
    } catch {
      return answerModel; // the read reports it
    }
  }
  if (!isJsonDocObject(answer)) return answerModel;
  let tree = trees.get(transforms);
  if (!tree) trees.set(transforms, (tree = transformTree(transforms)));
  let plainInput: unknown;
  const walk = { root: () => (plainInput ??= jsonDocToPlain(input)), patterns };
  return rewriteObject(walk, tree, answer, input);
}
