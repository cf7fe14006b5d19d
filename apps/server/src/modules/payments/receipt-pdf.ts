import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { AdminPayment, LanguageCode } from '@caribconnect/shared';
import { emailText, longDate } from '../../lib/emails';
import { creditNoteLabel, money, receiptLabel } from '../../lib/payments/ledger';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  });

/**
 * A payment's receipt as a one-page PDF (text as text, in an embedded Unicode font, as the resumes
 * are): the operator's name and address, the number, payer, listing, amount, method, date, and any
 * refunds with their credit-note numbers. Small enough to draw in the request.
 */
export function renderReceiptPdf(input: {
  language: LanguageCode;
  operatorName: string;
  operatorAddress: string;
  receiptNumber: number;
  payment: AdminPayment;
  refunds: Array<{ amount: string; reason: string; creditNoteNumber: number; createdAt: string }>;
}): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const t = (key: Parameters<typeof emailText>[1], vars?: Record<string, string>) => emailText(input.language, key, vars);
  const number = receiptLabel(input.receiptNumber);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    displayTitle: true,
    lang: input.language,
    info: { Title: `${t('payment.pdf.receipt')} ${number}`, Creator: 'CaribConnect' },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const p = input.payment;
  doc
    .font('bold')
    .fontSize(16)
    .text(input.operatorName || 'CaribConnect');
  if (input.operatorAddress) doc.font('regular').fontSize(10).text(input.operatorAddress);
  doc.moveDown(1.5);
  doc
    .font('bold')
    .fontSize(20)
    .text(`${t('payment.pdf.receipt')} ${number}`);
  doc.moveDown(0.8);
  const line = (label: string, value: string) => doc.font('bold').fontSize(11).text(`${label}: `, { continued: true }).font('regular').text(value);
  line(t('payment.pdf.date'), longDate(input.language, p.paidAt ?? p.createdAt));
  line(t('payment.pdf.payer'), [p.payerName, p.payerEmail].filter(Boolean).join(' — '));
  line(t('payment.pdf.listing'), p.listingTitle);
  line(t('payment.pdf.amount'), money(input.language, p.amount, p.currency));
  line(t('payment.pdf.method'), emailText(input.language, `payment.method.${p.method}`));
  for (const r of input.refunds) {
    doc.moveDown(0.8);
    line(t('payment.pdf.creditNote'), `${creditNoteLabel(r.creditNoteNumber)} — ${longDate(input.language, r.createdAt)}`);
    line(t('payment.pdf.refunded'), `${money(input.language, r.amount, p.currency)} (${r.reason})`);
  }
  doc.end();
  return done;
}
