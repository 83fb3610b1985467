import fs from 'node:fs/promises';
import {
  dataEnvelope,
  errorBody,
  registerConsistencyQuery,
  registerConsistencyView,
  registerProofParams,
  registerRootFileParams,
  registerRootsQuery,
  registerRootsView,
  registerSignedRoot,
} from '@bw/contracts';
import { assets, type Db } from '@bw/db';
import { registerVerifierPagePolicy, registerVerifierPageUrl } from '@bw/register';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import {
  buildHolderProof,
  listRegisterRoots,
  platformKeyOf,
  type RegisterSigner,
  registerConsistency,
  registerSignerFromSeed,
} from './register-roots.js';
import { ROOTS_PAGE_POLICY, registerRootsPage } from './roots-page.js';

const tags = ['Share register'];

const assetTitles = async (db: Db): Promise<Map<string, string>> =>
  new Map((await db.select({ id: assets.id, title: assets.title }).from(assets)).map((row) => [row.id, row.title]));

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

  const signer: RegisterSigner = registerSignerFromSeed(app.config.REGISTER_SIGNING_KEY);

  app.get(
    '/share-register/roots',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The public page of the register’s roots: each asset’s latest signed root and the platform key',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const roots = await listRegisterRoots(app.db);
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', ROOTS_PAGE_POLICY)
        .header('cache-control', 'public, max-age=60');
      return registerRootsPage({ platformKey: platformKeyOf(signer), roots, titles: await assetTitles(app.db) });
    },
  );

  app.get(
    '/api/v1/register/roots',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The platform’s signed register roots: one asset’s oldest first, or every asset’s latest',
        querystring: registerRootsQuery,
        response: { 200: dataEnvelope(registerRootsView), 400: errorBody },
      },
    },
    async (request) => ({
      data: { platformKey: platformKeyOf(signer), roots: await listRegisterRoots(app.db, request.query.assetId) },
    }),
  );

  app.get(
    '/api/v1/register/roots/:assetId/:treeSize',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One published root as a file: the signed tree head the verifiers accept as a root',
        params: registerRootFileParams,
        response: { 200: registerSignedRoot, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { assetId, treeSize } = request.params;
      const root = (await listRegisterRoots(app.db, assetId)).find((item) => item.treeSize === treeSize);
      if (!root) throw new AppError('REGISTER_ROOT_NOT_FOUND');
      reply
        .header(
          'content-disposition',
          `attachment; filename="registerwurzel-${encodeURIComponent(assetId)}-${treeSize}.json"`,
        )
        .header('cache-control', 'public, max-age=86400, immutable');
      return root;
    },
  );

  app.get(
    '/api/v1/register/consistency',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The RFC 6962 consistency proof between two published roots of an asset',
        querystring: registerConsistencyQuery,
        response: { 200: dataEnvelope(registerConsistencyView), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { from, to, proof } = await registerConsistency(app.db, request.query);
      return {
        data: { assetId: request.query.assetId, fromSize: from.treeSize, toSize: to.treeSize, proof, from, to },
      };
    },
  );

  app.get(
    '/api/v1/user/register/proof/:assetId',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'The investor’s proof file for one asset (brickwise.register.proof v1, docs/register/format.md), as a download',
        params: registerProofParams,
        response: { 200: z.record(z.string(), z.unknown()), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { assetId } = request.params;
      const proof = await buildHolderProof(app.db, signer, {
        userId: currentUser(request).userId,
        assetId,
        now: new Date(),
      });
      reply
        .header('content-disposition', `attachment; filename="registernachweis-${encodeURIComponent(assetId)}.json"`)
        .header('cache-control', 'no-store');
      return proof;
    },
  );
};
