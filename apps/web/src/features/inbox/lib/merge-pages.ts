import type { NotificationItem } from '@bw/contracts';
import { mergePagesById } from '../../../lib/merge-pages';

/** Spec section 4: the inbox's pages in order, each notification once, newest first. */
export const mergeNotificationPages = (pages: readonly { readonly items: readonly NotificationItem[] }[]) =>
  mergePagesById(pages.map((page) => page.items));
