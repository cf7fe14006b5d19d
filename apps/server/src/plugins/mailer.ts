import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (app) => {
    app.decorate('mailer', createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, log: app.log, onOutcome: app.metrics.emailSent }));
  },
  { name: 'mailer', dependencies: ['metrics'] },
);
