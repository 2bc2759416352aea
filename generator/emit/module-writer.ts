// ts-morph's CodeBlockWriter lays the module out; long string literals and the attribute tree
// (attribute-code.ts) are spliced in afterwards. The writer inspects every character it is given
// to track strings and comments, which made the literals most of the emit time; placeholders made
// only of letters, digits and '@' mean nothing to it, and JSON.stringify gives each literal its
// exact TS spelling. The writer is imported from its own package (ts-morph re-exports the same
// class): importing "ts-morph" loads the TypeScript compiler (~0.2 s), which every generator
// worker thread would pay for nothing.
import CodeBlockWriter from "code-block-writer";

const PLACEHOLDER = /@@L(\d+)@@/g;

export class ModuleWriter {
  readonly w = new CodeBlockWriter({ indentNumberOfSpaces: 2, newLine: "\n", useTabs: false });
  private readonly spliced: string[] = [];

  /** A string literal for `text`, written by reference. */
  literal(text: string): string {
    return this.raw(JSON.stringify(text));
  }

  /** Code printed elsewhere (with its own indentation), written by reference. */
  raw(code: string): string {
    this.spliced.push(code);
    return `@@L${this.spliced.length - 1}@@`;
  }

  toString(): string {
    return this.w.toString().replace(PLACEHOLDER, (_, i: string) => this.spliced[Number(i)]!);
  }
}
