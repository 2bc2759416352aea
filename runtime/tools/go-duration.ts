// Durations written as Go's time.ParseDuration reads them ("2h", "30m", "1h30m", "1.5h", "90s"),
// the spelling Terraform users know from `timeouts` blocks.

const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

const PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/y;

/** Milliseconds in a Go duration; throws naming the text when it is not one. */
export function parseGoDuration(text: string): number {
  const invalid = () =>
    new Error(`invalid duration ${JSON.stringify(text)}: expected e.g. 2h, 30m, 1h30m or 90s`);
  let rest = text.trim();
  let sign = 1;
  if (rest.startsWith("-") || rest.startsWith("+")) {
    if (rest.startsWith("-")) sign = -1;
    rest = rest.slice(1);
  }
  if (rest === "0") return 0;
  if (rest === "") throw invalid();
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < rest.length) {
    const match = PART.exec(rest);
    if (!match) throw invalid();
    total += Number(match[1]) * (UNIT_MS[match[2] as string] as number);
  }
  return sign * total;
}
