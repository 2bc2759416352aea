// Bounds on a type's attribute tree, names Terraform cannot use, and the notes the model adds for
// schema contradictions (found by an adversarial review of unseen schemas).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MAX_ATTRIBUTES, MAX_DEPTH } from "../../generator/model/attributes.js";
import { attributeAt, attributesOf, model } from "./fixture.js";

/** Definitions D0…Dn, each referring twice to the next: 2^n attributes from a 2 KB schema. */
function fanOut(levels: number) {
  const definitions: Record<string, unknown> = { [`D${levels}`]: { type: "string" } };
  for (let i = 0; i < levels; i++) {
    const next = { $ref: `#/definitions/D${i + 1}` };
    definitions[`D${i}`] = { type: "object", properties: { A: next, B: next } };
  }
  return {
    definitions,
    properties: { Name: { type: "string" }, Tree: { $ref: "#/definitions/D0" } },
  } as never;
}

function nested(levels: number) {
  let node: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < levels; i++) node = { type: "object", properties: { L: node } };
  return { properties: { Name: { type: "string" }, Deep: node } } as never;
}

describe("bounds on the attribute tree", () => {
  test("a $ref fan-out past the bound is a mapping error at a pointer, found quickly", () => {
    const started = performance.now();
    const m = model(fanOut(25));
    assert.ok(performance.now() - started < 5000, "bounded work");
    assert.equal(m.resource, undefined);
    const s = m.suppressed.find((x) => x.module === "resource")!;
    assert.equal(s.mappingError, true);
    assert.match(
      s.reason,
      new RegExp(`attribute tree too large: the attribute tree exceeds ${MAX_ATTRIBUTES}`),
    );
    assert.match(s.pointer!, /^\/properties\/Tree(\/properties\/[AB])+$/);
  });

  test("a fan-out within the bound maps", () => {
    const attributes = attributesOf(fanOut(8));
    assert.equal(attributeAt(attributes, "tree.a.b.a.b.a.b.a.b").type.kind, "string");
  });

  test(`nesting deeper than ${MAX_DEPTH} levels is a mapping error; ${MAX_DEPTH} levels map`, () => {
    assert.ok(attributesOf(nested(MAX_DEPTH - 1)).deep);
    const m = model(nested(MAX_DEPTH + 5));
    const s = m.suppressed.find((x) => x.module === "resource")!;
    assert.match(s.reason, /nesting too deep: attributes nest deeper than 32 levels/);
    assert.equal(s.pointer, "/properties/Deep" + "/properties/L".repeat(MAX_DEPTH));
  });
});

describe("attribute names", () => {
  test("a property whose Terraform name is empty or starts with a digit is a mapping error", () => {
    for (const name of ["", "1stThing"]) {
      const m = model({ properties: { Name: { type: "string" }, [name]: { type: "string" } } } as never);
      const s = m.suppressed.find((x) => x.module === "resource")!;
      assert.match(s.reason, /invalid attribute name/, name);
      assert.equal(s.pointer, `/properties/${name}`);
    }
  });

  test('a property named "__proto__" stays an attribute', () => {
    // Parsed, as schemas are: in an object literal "__proto__" would set the prototype.
    const fragment = JSON.parse(
      '{"properties": {"Name": {"type": "string"}, "__proto__": {"type": "string"}}, "required": ["__proto__"]}',
    );
    const attributes = attributesOf(fragment);
    assert.ok(Object.hasOwn(attributes, "__proto__"));
    assert.equal(attributes["__proto__"]!.required, true);
  });
});

describe("notes on contradictions", () => {
  const notesOf = (fragment: object) => model(fragment as never).notes;

  test("min > max keeps the validator, with a bounds-impossible note", () => {
    const m = model({ properties: { Name: { type: "string", minLength: 10, maxLength: 2 } } } as never);
    assert.deepEqual(m.resource!.attributes.name!.validators?.[0], { kind: "length", min: 10, max: 2 });
    assert.deepEqual(
      m.notes.map((n) => [n.kind, n.pointer]),
      [["bounds-impossible", "/properties/Name"]],
    );
  });

  test("fractional bounds of an integer are rounded inwards", () => {
    const a = attributesOf({
      properties: { Name: { type: "string" }, N: { type: "integer", minimum: 1.5, maximum: 100.5 } },
    } as never);
    assert.deepEqual(a.n!.validators, [{ kind: "range", min: 2, max: 100 }]);
  });

  test("a default the attribute kind cannot take is dropped with a note", () => {
    const notes = notesOf({
      properties: {
        Name: { type: "string" },
        Ports: { type: "array", items: { type: "integer" }, default: [1, 2] },
      },
    });
    assert.deepEqual(
      notes.map((n) => [n.kind, n.pointer]),
      [["default-dropped", "/properties/Ports/default"]],
    );
  });

  test("required and read-only at once stays Required, with a note", () => {
    const m = model({
      properties: { Name: { type: "string" }, Arn: { type: "string" } },
      required: ["Arn"],
      readOnlyProperties: ["/properties/Arn"],
    } as never);
    assert.equal(m.resource!.attributes.arn!.required, true);
    assert.deepEqual(
      m.notes.map((n) => n.kind),
      ["required-read-only"],
    );
  });
});
