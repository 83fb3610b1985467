import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeRoute, errorSchemas, exhaustiveRecordsAsProperties, securitySchemes } from './openapi-document.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type DescribedSchema = Parameters<typeof describeRoute>[0];

/**
 * OpenAPI 3.1 generated from the route schemas: `/api/openapi.json`, UI at `/api/docs`. What the
 * zod schemas do not say (operationIds, security, error answers) is derived in openapi-document.ts
 * (ADR 0037); `npm run api-client:generate` turns the production document into packages/api-client.
 */
export const registerOpenApi = async (app: FastifyInstance, version: string): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Brickwise API',
        description:
          'Middleware and launchpad API of the white-label investment platform. Successful answers are `{ data }`, errors `{ error: { code, message } }` — or RFC 9457 problem details when the request accepts `application/problem+json`.',
        version,
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes, schemas: errorSchemas },
    },
    transform: (input: TransformInput) => {
      const { schema, url } = jsonSchemaTransform(input);
      const method = Array.isArray(input.route.method) ? input.route.method.join(',') : input.route.method;
      return describeRoute(schema as DescribedSchema, url, { ...input.route, method });
    },
    transformObject: (document) =>
      exhaustiveRecordsAsProperties(
        'openapiObject' in document ? document.openapiObject : document.swaggerObject,
      ) as ReturnType<SwaggerTransformObject>,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () => app.swagger());
};
