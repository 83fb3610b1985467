import type { NotificationItem } from '@bw/contracts';

/**
 * Spec section 4: "A new page is appended and duplicates are ignored." Pages in order, each item
 * once (the first time it appears), newest first.
 */
export const mergeNotificationPages = (pages: readonly { readonly items: readonly NotificationItem[] }[]) => {
  const seen = new Set<string>();
  const items: NotificationItem[] = [];
  for (const page of pages)
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  return items;
};
