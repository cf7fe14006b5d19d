import { startSmtpSink } from './smtp-sink';

export default async function globalSetup() {
  const sink = await startSmtpSink();
  return () => new Promise<void>((resolve) => sink.close(() => resolve()));
}
