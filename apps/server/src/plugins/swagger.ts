import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate requests; UI at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'CaribConnect API', version: '1.0.0' },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'caribconnect.session_token' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // No call to the public validator service: the docs work offline and leak nothing.
      uiConfig: { validatorUrl: null },
      // Swagger UI sets a few inline styles; scripts stay 'self' only. Over plain HTTP (local use)
      // upgrading requests to HTTPS would break the page.
      transformStaticCSP: (header) => {
        const csp = header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'").replace(' validator.swagger.io', '');
        return app.config.publicUrl.startsWith('https://') ? csp : csp.replace(/\s*upgrade-insecure-requests;?/, '');
      },
    });
  },
  { name: 'swagger' },
);
