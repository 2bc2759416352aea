// The private bytes an imported object carries until its next successful apply. Cloud Control never
// returns write-only values, so after an import their nulls in the state mean "not known", not
// "not set": the plan must not replace the object because the configuration gives them a value.
// configured-record.ts reads it (`writeOnlyUnknown`).
const MARKER = '{"writeOnlyUnknown":true}';

export const IMPORTED_PRIVATE: Uint8Array = new TextEncoder().encode(MARKER);

/** Private bytes that clear the marker (an apply has just sent the write-only values). */
export const NO_PRIVATE: Uint8Array = new Uint8Array();
