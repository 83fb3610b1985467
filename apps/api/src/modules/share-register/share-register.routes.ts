import fs from 'node:fs/promises';
import { registerVerifierPagePolicy, registerVerifierPageUrl } from '@bw/register';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['Share register'];

/**
 * The share register's public pages (issue 39, ADR 0044). Under /share-register, not /register:
 * /register/* are the registration deep links (spec section 2) that open the native app.
 */
export const shareRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  const html = await fs.readFile(registerVerifierPageUrl(), 'utf8');
  const policy = registerVerifierPagePolicy(html);
  if (policy === null) throw new Error('the register verifier page has no Content-Security-Policy');

  app.get(
    '/share-register/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The open verifier of register proofs: a self-contained page that checks a proof file in the browser, without any server call',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      // The page's own policy replaces the general one: it pins the inline script and forbids every connection.
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', policy)
        .header('cache-control', 'public, max-age=300');
      return html;
    },
  );
};
