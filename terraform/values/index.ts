// The Terraform value model: types, values, wire codecs and schema-implied types.
export * from "./cty-type.js";
export * from "./number.js";
export * from "./value.js";
export * from "./path.js";
export * from "./type-json.js";
export * from "./msgpack.js";
export * from "./json.js";
export * from "./implied-type.js";
export * from "./definition-attributes.js";
