// Paging through a listing (ListResources for plural data sources): every page in turn until one
// comes without a NextToken. A service that hands out a token it gave before would have us loop
// forever, so a repeated token ends the listing with an error naming it.
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextToken: string | undefined;
}

export class RepeatedPageTokenError extends Error {
  constructor(readonly token: string) {
    super(`the service returned NextToken ${JSON.stringify(token)} a second time; paging stopped`);
    this.name = "RepeatedPageTokenError";
  }
}

/** The items of every page, in order. Rejects with RepeatedPageTokenError when a token comes back. */
export async function collectPages<T>(
  fetchPage: (token: string | undefined) => Promise<Page<T>>,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    items.push(...page.items);
    token = page.nextToken || undefined;
    if (token !== undefined) {
      if (seen.has(token)) throw new RepeatedPageTokenError(token);
      seen.add(token);
    }
  } while (token !== undefined);
  return items;
}
