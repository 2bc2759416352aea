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
