// Pairing items of one list with items of another, each taken once, the first in list order that
// fits: comparing every item with every other grows with the square of the lists' length, which
// lists of hundreds of elements (security group rules) made users feel. When every pair that can
// fit shares a key, grouping the items by key and trying only an item's own group finds the same
// pairs in linear time.

/** The indexes of a list grouped by key, taken once each, in list order within a key. */
export class UntakenByKey {
  private readonly groups = new Map<string, number[]>();

  /** `keys[i]` is item i's key; an item without one (undefined) is never taken. */
  constructor(keys: readonly (string | undefined)[]) {
    keys.forEach((key, i) => {
      if (key === undefined) return;
      const group = this.groups.get(key);
      if (group) group.push(i);
      else this.groups.set(key, [i]);
    });
  }

  /**
   * The first untaken index with this key that `fits` accepts (every one when omitted), now
   * taken; -1 when there is none.
   */
  take(key: string | undefined, fits?: (index: number) => boolean): number {
    const group = key === undefined ? undefined : this.groups.get(key);
    if (!group || group.length === 0) return -1;
    const at = fits ? group.findIndex(fits) : 0;
    if (at < 0) return -1;
    return group.splice(at, 1)[0] as number;
  }
}
