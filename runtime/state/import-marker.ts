// The private bytes an imported object carries until its next successful apply. Cloud Control never
// returns write-only values, so after an import their nulls in the state mean "not known", not
// "not set": the plan must not replace the object because the configuration gives them a value.
const MARKER = '{"writeOnlyUnknown":true}';

export const IMPORTED_PRIVATE: Uint8Array = new TextEncoder().encode(MARKER);

/** Private bytes that clear the marker (an apply has just sent the write-only values). */
export const NO_PRIVATE: Uint8Array = new Uint8Array();

export function writeOnlyUnknown(privateBytes: Uint8Array | undefined): boolean {
  if (!privateBytes || privateBytes.length === 0) return false;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(privateBytes));
    return (
      typeof parsed === "object" &&
      parsed !== null &&
      (parsed as Record<string, unknown>).writeOnlyUnknown === true
    );
  } catch {
    return false;
  }
}
