import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@caribconnect/shared';
import { notFound } from '../../lib/http-error';
import { robotsTxt } from './robots';
import { LISTING_KINDS, listingUrls, planSitemap, staticUrls, type ListingKind } from './sitemap';
import { sitemapIndex, urlset } from './xml';

/** `pages.xml`, or `<kind>-<n>.xml` with n from 1. */
const sitemapFile = z.object({
  name: z.string().regex(new RegExp(`^(pages|(${LISTING_KINDS.join('|')})-[1-9][0-9]{0,5})\\.xml$`), 'Unknown sitemap file.'),
});

// Crawlers come back often; an hour of caching spares the database, and a new job waits at most that long.
const CACHING = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
const SITEMAP_NOT_FOUND = () => notFound('Sitemap not found.');

/** robots.txt and the sitemap: what search engines may crawl, and every public listing to crawl. */
const seo: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  const baseUrl = app.config.publicUrl.replace(/\/+$/, '');

  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'Crawling rules and the sitemap address', produces: ['text/plain'], response: { 200: z.string() } } },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', CACHING).send(robotsTxt(baseUrl)),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['seo'],
        summary: 'Every public page and listing, or an index of sitemap files past 50,000',
        produces: ['application/xml'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const plan = await planSitemap(db, baseUrl);
      const body = plan.kind === 'single' ? urlset(plan.urls) : sitemapIndex(plan.files.map((f) => ({ loc: `${baseUrl}/sitemaps/${f}` })));
      return reply.type(XML).header('cache-control', CACHING).send(body);
    },
  );

  app.get(
    '/sitemaps/:name',
    {
      schema: {
        tags: ['seo'],
        summary: 'One file of the sitemap index (pages.xml, jobs-1.xml, ads-1.xml, consultants-1.xml, companies-1.xml, …)',
        params: sitemapFile,
        produces: ['application/xml'],
        response: { 200: z.string(), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const name = request.params.name.replace(/\.xml$/, '');
      let urls;
      if (name === 'pages') urls = staticUrls(baseUrl);
      else {
        const [kind, page] = name.split('-') as [ListingKind, string];
        urls = await listingUrls(db, kind, Number(page), baseUrl);
      }
      if (!urls) throw SITEMAP_NOT_FOUND();
      return reply.type(XML).header('cache-control', CACHING).send(urlset(urls));
    },
  );
};
export default seo;
