// Types for messages.cjs (generated static codecs): a namespace tree of message codecs, reached by
// full name through proto-definitions.ts, which gives each the MessageCodec shape it relies on.
declare const root: { readonly [name: string]: unknown };
export = root;
