import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@app/kit';
import { Header } from '@app/contract';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];
type Doc = ReturnType<typeof jsonSchemaTransformObject>;
type Responses = Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;

const REF = '#/components/schemas/';

/**
 * The named error envelopes (contract `errorAnswers`) as components, each once: zod's registry
 * also emits an `…Input` copy of every named schema, which no request uses, so those are dropped.
 * Each response takes the description of the envelope it refers to.
 */
function transformObject(input: TransformObjectInput): Doc {
  const doc = jsonSchemaTransformObject(input);
  const schemas = ((doc as { components?: { schemas?: object } }).components?.schemas ?? {}) as Record<string, { description?: string }>;
  const paths = JSON.stringify(doc.paths ?? {});
  for (const name of Object.keys(schemas)) if (name.endsWith('Input') && !paths.includes(`"${REF}${name}"`)) delete schemas[name];
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(methods as Record<string, { responses?: Responses }>)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const ref = response.content?.['application/json']?.schema?.$ref;
        const described = ref?.startsWith(REF) ? schemas[ref.slice(REF.length)]?.description : undefined;
        response.description =
          status === '200'
            ? 'Success envelope (code 200), or a business error (HTTP 200, its own code; see BusinessError)'
            : (described ?? response.description);
      }
    }
  }
  return doc;
}

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

/** Where the games host's own document is: its public origin, or `:<port>` meaning this host on that port. */
function gamesHostDoc(gamesHost: string): string {
  const url = `${gamesHost}/api/f4/openapi.json`;
  return gamesHost.startsWith(':') ? `\`http://<this host>${url}\` (the games host listens on port ${gamesHost.slice(1)} of this host)` : `[${url}](${url})`;
}

/**
 * `/api/openapi.json` (OpenAPI 3.1) and the browsable docs at `/api/docs`. `gamesHost` is what
 * clients are told (`gamesHostForClient`): the games host's calls are in its own document.
 */
export async function registerOpenApi(app: FastifyInstance, opts: { gamesHost: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LiveApp client API',
        version: APP_VERSION,
        description: [
          'Every answer is the envelope `{code, msg, data}`; code 200 is success (docs/conventions.md).',
          'Business errors are HTTP 200 with their own code (`BusinessError`); each call lists the other statuses it can answer, each with its error envelope: ' +
            '400 malformed input (`data.fields` names each field), 401 session errors, 403 operator calls, 413 body too large, 415 body type not taken, 429 rate limited, 500 unexpected.',
          'Whatever the path, an unknown route or method is 404 / 10002, a request line or headers too large 431 / 10001, a malformed request 400 / 10000, a request that takes too long to arrive 408 / 10000, and a server shutting down 503 / 50000, all as the envelope.',
          `Send \`${Header.encrypt}: 1\` to use the AES wire format; without it bodies are plain JSON.`,
          `The mini games' calls (\`/api/f4/*\`) are served by the games host, which publishes its own document: ${gamesHostDoc(opts.gamesHost)}.`,
        ].join('\n\n'),
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: Header.authorization } } },
    },
    transform,
    // The error envelopes (contract `errorAnswers`) are named components every call refers to.
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
