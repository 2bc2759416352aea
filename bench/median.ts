// The bench's one summary statistic: the middle of its runs (the upper middle for an even count).

/** The median of the values present (NaN when there are none). */
export function median(values: readonly (number | undefined)[]): number {
  const xs = values.filter((x): x is number => x !== undefined).sort((a, b) => a - b);
  return xs.length > 0 ? xs[Math.floor(xs.length / 2)]! : NaN;
}
