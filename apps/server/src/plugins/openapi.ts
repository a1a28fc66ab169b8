import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@app/kit';
import { Header } from '@app/contract';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * OpenAPI from the contract's zod schemas (the same ones that validate). Multipart routes keep
 * their body out of Fastify's validation (the upload service reads the parts), so the transform
 * describes it here: the `file` part plus the contract's text fields.
 */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const fields = (input.route.config as { multipartFields?: z.ZodType } | undefined)?.multipartFields;
  if (!fields || !out.schema) return out;
  const json = z.toJSONSchema(fields, { io: 'input', target: 'draft-2020-12' }) as { properties?: Record<string, unknown> };
  return {
    ...out,
    schema: {
      ...out.schema,
      consumes: ['multipart/form-data'],
      body: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary', description: 'JPEG, PNG, GIF or WebP, ≤ 10 MB' }, ...(json.properties ?? {}) },
      },
    },
  };
}

/** `/api/openapi.json` (OpenAPI 3.1) and the browsable docs at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LiveApp client API',
        version: APP_VERSION,
        description:
          'Every answer is the envelope {code, msg, data}; code 200 is success (docs/conventions.md). ' +
          `Send \`${Header.encrypt}: 1\` to use the AES wire format; without it bodies are plain JSON.`,
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: Header.authorization } } },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
