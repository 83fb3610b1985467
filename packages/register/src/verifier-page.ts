/**
 * Where the built browser verifier lies (packages/register/verifier/verify.html, made by
 * `npm run register:build-page`): the same relative place from src/ and from the compiled dist/.
 * Node only; the page itself does not import this.
 */
export const registerVerifierPageUrl = (): URL => new URL('../verifier/verify.html', import.meta.url);

/**
 * The Content-Security-Policy the page carries in its own meta element; a server sends the same
 * header, so its general policy (script-src 'self') cannot block the pinned inline script.
 */
export const registerVerifierPagePolicy = (html: string): string | null =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? null;
