// Attribute paths into a value, as Terraform addresses them in diagnostics and requires_replace:
// attribute names, map keys and list/tuple indexes (set elements are not addressable).

export type PathStep = { readonly attribute: string } | { readonly key: string } | { readonly index: number };

export type AttributePath = readonly PathStep[];

export const attributeStep = (attribute: string): PathStep => ({ attribute });
export const keyStep = (key: string): PathStep => ({ key });
export const indexStep = (index: number): PathStep => ({ index });

/** Terraform-style rendering: `a.b["k"][0]`. */
export function formatPath(path: AttributePath): string {
  let text = "";
  for (const step of path) {
    if ("attribute" in step) text += text === "" ? step.attribute : `.${step.attribute}`;
    else if ("key" in step) text += `[${JSON.stringify(step.key)}]`;
    else text += `[${step.index}]`;
  }
  return text;
}

/** A value that does not conform to its type, located by path. */
export class ValueError extends Error {
  readonly path: AttributePath;
  constructor(path: AttributePath, message: string) {
    super(path.length > 0 ? `${formatPath(path)}: ${message}` : message);
    this.path = path;
  }
}

const ATTRIBUTE = 0;
const KEY = 1;
const INDEX = 2;

/**
 * The path of a walk in progress, kept as flat stacks of primitives and copied out as an
 * AttributePath only when an error needs it: a codec walking every attribute of every value would
 * otherwise allocate a new path array and step object per attribute.
 */
export class PathTrail {
  private readonly kinds: number[] = [];
  private readonly names: (string | number)[] = [];

  pushAttribute(name: string): void {
    this.kinds.push(ATTRIBUTE);
    this.names.push(name);
  }
  pushKey(key: string): void {
    this.kinds.push(KEY);
    this.names.push(key);
  }
  pushIndex(index: number): void {
    this.kinds.push(INDEX);
    this.names.push(index);
  }
  pop(): void {
    this.kinds.pop();
    this.names.pop();
  }

  toPath(): PathStep[] {
    return this.kinds.map((kind, i) => {
      const name = this.names[i] as string | number;
      return kind === ATTRIBUTE
        ? { attribute: name as string }
        : kind === KEY
          ? { key: name as string }
          : { index: name as number };
    });
  }

  error(message: string): ValueError {
    return new ValueError(this.toPath(), message);
  }
}
