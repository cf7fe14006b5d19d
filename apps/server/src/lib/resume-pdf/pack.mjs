// Draws an applicant's candidate pack (issue 45, decision 0078) in the resume PDFs' worker thread,
// with their fonts and look: a title, then sections of fields, paragraphs, entries and bullets.
// Text goes in as text, never markup.
import PDFDocument from 'pdfkit';
import { ACCENT, INK, MUTED, PAGE, loadFonts, rule } from './render.mjs';

/**
 * @param {{ title: string, subtitle: string, sections: Array<{ heading: string, items: Array<
 *   { kind: 'field', label: string, value: string } | { kind: 'text', text: string } | { kind: 'bullet', text: string } |
 *   { kind: 'entry', title: string, place: string, period: string, detail: string }> }> }} pack
 * @returns {Promise<Buffer>}
 */
export function renderCandidatePack(pack) {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    ...PAGE,
    bufferPages: false,
    displayTitle: true,
    lang: 'en',
    info: { Title: `${pack.title} — ${pack.subtitle}`, Author: 'CaribConnect', Creator: 'CaribConnect' },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - PAGE.margins.left - PAGE.margins.right;
  const left = PAGE.margins.left;
  const roomFor = (points) => {
    if (doc.y > doc.page.height - PAGE.margins.bottom - points) doc.addPage();
  };

  doc.font('bold').fontSize(22).fillColor(INK).text(pack.title, { width });
  doc.moveDown(0.15).font('regular').fontSize(10).fillColor(MUTED).text(pack.subtitle, { width });
  doc.moveDown(0.6);
  rule(doc, left, width, INK, 1);

  for (const section of pack.sections) {
    doc.moveDown(0.9);
    roomFor(60);
    doc.font('bold').fontSize(11).fillColor(ACCENT).text(section.heading.toUpperCase(), left, doc.y, { width, characterSpacing: 0.8 });
    doc.moveDown(0.15);
    rule(doc, left, width, ACCENT, 0.5);
    doc.moveDown(0.35);
    for (const item of section.items) {
      roomFor(30);
      if (item.kind === 'field') {
        doc.font('bold').fontSize(10).fillColor(INK).text(`${item.label}: `, left, doc.y, { width, continued: true });
        doc.font('regular').text(item.value || '—');
      } else if (item.kind === 'text') {
        doc.font('regular').fontSize(10).fillColor(INK).text(item.text, left, doc.y, { width, lineGap: 2 });
        doc.moveDown(0.3);
      } else if (item.kind === 'bullet') {
        doc.font('regular').fontSize(10).fillColor(INK).text(`•  ${item.text}`, left, doc.y, { width, lineGap: 2 });
      } else {
        doc.moveDown(0.3);
        if (item.title) doc.font('bold').fontSize(10.5).fillColor(INK).text(item.title, left, doc.y, { width });
        const meta = [item.place, item.period].filter(Boolean).join('   ·   ');
        if (meta) doc.font('regular').fontSize(9.5).fillColor(MUTED).text(meta, left, doc.y, { width });
        if (item.detail) doc.font('regular').fontSize(10).fillColor(INK).text(item.detail, left, doc.y, { width, lineGap: 2 });
      }
    }
  }
  doc.end();
  return done;
}
