import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/http-error';

/**
 * Where "Pay now" sends the browser: PayPal's checkout site for its sandbox or live API, or the
 * origin of another server speaking its API (the tests' stand-in serves its approval page there).
 */
export function paymentPageOrigins(config: FastifyInstance['config']): string[] {
  const paypal = config.paypal;
  if (!paypal) return [];
  if (paypal.apiUrl === 'https://api-m.sandbox.paypal.com') return ['https://www.sandbox.paypal.com'];
  if (paypal.apiUrl === 'https://api-m.paypal.com') return ['https://www.paypal.com'];
  return [new URL(paypal.apiUrl).origin];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Takes POSTs from other sites: only for a route whose authorisation is a token in the request, never a cookie. */
    crossSite?: boolean;
  }
}

/**
 * Security headers, and a CSRF defence for every state-changing request: the request must come
 * from our own origin (browsers always send Origin on such requests). Bodies are JSON or multipart
 * only, which a cross-site HTML form cannot send without a CORS preflight we never grant.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // The Intl worker comes inside the page's first script and starts from a blob: URL (decision
          // 0063): only our own scripts can make one. Service workers still come from our origin.
          workerSrc: ["'self'", 'blob:'],
          // Mantine writes its CSS variables into a <style> element at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          // "Pay now" is a form the server answers with a redirect to the payment provider's page, and
          // browsers hold redirects of a form to form-action too (issue 47, decision 0073).
          formAction: ["'self'", ...paymentPageOrigins(app.config)],
          upgradeInsecureRequests: app.config.publicUrl.startsWith('https://') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Not helmet's no-referrer: under it a browser sends `Origin: null` with a form our own page
      // posts, and the Origin check below would refuse Log In and the other page forms (decision
      // 0028). same-origin still sends no referrer at all to other sites.
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: app.config.publicUrl.startsWith('https://'),
    });

    const allowed = new URL(app.config.publicUrl).origin;
    // Whatever the path: the router decodes and normalises URLs (`/%61pi/…`), so a test on the raw
    // URL can be dodged. No page of ours takes a cross-site POST, so nothing legitimate is refused.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      // A route authorised by a signed token alone, never a cookie (RFC 8058 one-click unsubscribe).
      if (request.routeOptions.config?.crossSite) return;
      const origin = request.headers.origin;
      const sameHost = origin && request.headers.host && safeHost(origin) === request.headers.host;
      if (!origin || (origin !== allowed && !sameHost)) {
        throw forbidden('Cross-site request refused.', 'CROSS_SITE');
      }
    });
  },
  { name: 'security', dependencies: ['config'] },
);

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
