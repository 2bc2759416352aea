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
import {
  alternatives,
  patternShapedBy,
  resultStandsFor,
  transformResults,
  type TransformSite,
} from "../../cfn/property-transforms.js";
import {
  isJsonDocObject,
  type JsonDoc,
  type JsonDocObject,
  jsonDocEquals,
  jsonDocToPlain,
  parseJsonDoc,
} from "./json-doc.js";

/**
 * Which results that are patterns stand for the answers they match. `any`: every such pattern, where
 * the answer is the service's to a value sent (EFS answers a key given by alias as the key's ARN,
 * which its transform gives only as a pattern). `shaped`: only a pattern the input value shapes
 * (cfn/property-transforms.ts `patternShapedBy`), where a configuration is compared with a value an
 * import read: an ECS task role's name in `arn:…:role/<name>` tells that role from others, but
 * DirectConnect's `^[a-zA-Z0-9-]+$` for a location, which every location gives, would take a new
 * location for the old one. `none`: no pattern, where the held value is one a configuration gave
 * (`$join([".*", Attributes, ".*"])` says a service may add to what it was sent, not that a
 * configuration holding less asks for the same).
 */
export type PatternUse = "any" | "shaped" | "none";

/**
 * Whether `answer` is a form of the input value under `transform` (cfn/property-transforms.ts);
 * `site`, where the value sits, is what `shaped` tests patterns with.
 */
export async function isTransformedForm(
  transform: string,
  holder: Readonly<Record<string, unknown>>,
  root: unknown,
  answer: unknown,
  use: PatternUse = "any",
  site?: Pick<TransformSite, "path" | "name">,
): Promise<boolean> {
  for (const text of alternatives(transform))
    for await (const result of transformResults(text, holder, root)) {
      if (resultStandsFor(result, answer, false)) return true;
      if (!resultStandsFor(result, answer, true)) continue;
      if (use === "any") return true;
      if (use === "shaped" && site && (await patternShapedBy(text, { holder, root, ...site }, answer)))
        return true;
    }
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
  readonly patterns: PatternUse;
}

/** Where a member of the input model is: property names and element indexes from the root. */
type Path = readonly (string | number)[];

/** Whether `answer` is a form of the input object's member `name`, which is at `path`. */
function isFormOfMember(
  walk: Walk,
  transform: string,
  input: JsonDocObject,
  path: Path,
  name: string,
  answer: JsonDoc,
): Promise<boolean> {
  const holder = jsonDocToPlain(input) as Record<string, unknown>;
  return isTransformedForm(transform, holder, walk.root(), jsonDocToPlain(answer), walk.patterns, {
    path,
    name,
  });
}

/** The answer object with each transformed member below `node` in the input object's form. */
async function rewriteObject(
  walk: Walk,
  node: TransformNode,
  answer: JsonDocObject,
  input: JsonDocObject,
  path: Path,
): Promise<JsonDocObject> {
  let out = answer;
  for (const [name, child] of node.children) {
    const value = answer[name];
    const given = input[name];
    if (value === undefined || given === undefined || jsonDocEquals(value, given)) continue;
    let next: JsonDoc = value;
    if (child.transform !== undefined) {
      if (await isFormOfMember(walk, child.transform, input, path, name, value)) next = given;
    } else {
      const elements = child.children.get("*");
      if (elements && Array.isArray(value) && Array.isArray(given))
        next = await rewriteElements(
          walk,
          elements,
          value as readonly JsonDoc[],
          given as readonly JsonDoc[],
          [...path, name],
        );
      else if (isJsonDocObject(value) && isJsonDocObject(given))
        next = await rewriteObject(walk, child, value, given, [...path, name]);
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
  path: Path,
): Promise<boolean> {
  for (const [name, value] of Object.entries(answer)) {
    const given = input[name];
    if (given === undefined || jsonDocEquals(value, given)) continue;
    const child = node.children.get(name);
    if (child === undefined) return false;
    if (child.transform === undefined) continue;
    if (!(await isFormOfMember(walk, child.transform, input, path, name, value))) return false;
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
  path: Path,
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
        if (
          taken.has(at) ||
          !isJsonDocObject(input) ||
          !(await standsFor(walk, node, answer, input, [...path, at]))
        )
          continue;
        taken.add(at);
        rewritten = await rewriteObject(walk, node, answer, input, [...path, at]);
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
 * when there are no transforms, and the same parsed object when nothing is rewritten. Which
 * results that are patterns count: `patterns` (PatternUse above).
 */
export async function inInputForms(
  transforms: Readonly<Record<string, string>> | undefined,
  answerModel: string | JsonDocObject,
  input: JsonDocObject,
  patterns: PatternUse = "any",
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
  return rewriteObject(walk, tree, answer, input, []);
}
