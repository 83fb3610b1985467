import { assetImages, assets } from '@bw/db';
import { listedAssetStages } from '@bw/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

/** Photos the operator uploaded (issue 21), public once their asset is listed; immutable, so cached long. */
export const assetImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/assets/images/:imageId',
    {
      config: { access: 'public' },
      schema: { tags: ['Assets'], summary: 'An uploaded asset photo', params: z.object({ imageId: z.uuid() }) },
    },
    async (request, reply) => {
      const [image] = await app.db
        .select({ content: assetImages.content, contentType: assetImages.contentType })
        .from(assetImages)
        .innerJoin(assets, eq(assets.id, assetImages.assetId))
        .where(and(eq(assetImages.id, request.params.imageId), inArray(assets.stage, [...listedAssetStages])));
      if (!image) throw new AppError('NOT_FOUND');
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(image.content));
    },
  );
};
