/**
 * Keyset pages appended in order (spec section 4: "A new page is appended and duplicates are
 * ignored"): each item once, the first time it appears. The inbox and the forum's messages use it.
 */
export const mergePagesById = <T extends { readonly id: string }>(pages: readonly (readonly T[])[]): T[] => {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages)
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  return items;
};
