/**
 * Share links for assets leave the platform through this interface (spec section 7: "A dynamic
 * short-link service creates asset share links"). The sandbox keeps links in the database and
 * redirects itself; a real adapter (a dynamic-link service on the partner's `domainUriPrefix`)
 * implements the same `createLink` and hosts its own redirects.
 */
export type ShortLinkRequest = {
  targetUrl: string;
  /** Shown by messengers when the link is shared. */
  socialTitle: string;
};

export type ShortLinkProvider = {
  createLink(request: ShortLinkRequest): Promise<{ shortUrl: string }>;
  /** Only providers that host their own redirects on this server (the sandbox) answer this. */
  resolve?(code: string): Promise<string | null>;
};

/** Where a provider that hosts its redirects on this server (the sandbox) resolves its codes. */
export const SHORT_LINK_PATH = '/api/v1/utils/shortLink';
