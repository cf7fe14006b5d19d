import { startPayPalForE2e } from './paypal-stand-in';
import { startSmtpSink } from './smtp-sink';

export default async function globalSetup() {
  const sink = await startSmtpSink();
  const paypal = await startPayPalForE2e();
  return async () => {
    await paypal.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  };
}
