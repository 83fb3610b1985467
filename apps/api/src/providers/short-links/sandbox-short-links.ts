import { createHash } from 'node:crypto';
import { type Db, shortLinks } from '@bw/db';
import { eq } from 'drizzle-orm';
import { SHORT_LINK_PATH, type ShortLinkProvider } from './short-link-provider.js';

const CODE_LENGTH = 8;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The same target always gets the same code, so sharing twice never creates a second link. */
export const shortCodeFor = (targetUrl: string): string => {
  const digest = createHash('sha256').update(targetUrl).digest();
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += BASE62[(digest[i] ?? 0) % BASE62.length];
  return code;
};

/** Sandbox short links: stored in `short_links`, redirected by this server at `SHORT_LINK_PATH/{code}`. */
export const createSandboxShortLinks = (db: Db, baseUrl: string): ShortLinkProvider => ({
  createLink: async ({ targetUrl }) => {
    const code = shortCodeFor(targetUrl);
    await db.insert(shortLinks).values({ code, targetUrl }).onConflictDoNothing();
    return { shortUrl: `${baseUrl}${SHORT_LINK_PATH}/${code}` };
  },
  resolve: async (code) => {
    const [row] = await db.select().from(shortLinks).where(eq(shortLinks.code, code)).limit(1);
    return row?.targetUrl ?? null;
  },
});
