// Objects used as string-keyed records (Terraform objects and maps, JSON objects, attribute types).

// Their prototype is an empty object that itself has no prototype: as with Object.create(null), no
// key (not even "__proto__" or "constructor") reaches anything but the record's own data, but V8
// keeps such objects in fast mode with hidden classes, while it builds every Object.create(null)
// object as a hash table (dictionary mode). Measured on Node 24: building and reading 20-member
// records takes half the time.
const RECORD_PROTOTYPE: object = Object.freeze(Object.create(null) as object);

function EmptyRecord(): void {}
EmptyRecord.prototype = RECORD_PROTOTYPE;

/** A fresh, empty record in which any key is plain data. */
export function emptyRecord<T>(): Record<string, T> {
  return new (EmptyRecord as unknown as new () => Record<string, T>)();
}
