// Draws an applicant's candidate pack (issue 45, decision 0078) in the resume PDFs' worker thread,
// with their fonts and look: a title, then sections of fields, paragraphs, entries and bullets.
// Text goes in as text, never markup.
import { INK, MUTED, PAGE, openDocument, sectionHeading, titleBlock } from './render.mjs';

/**
 * @param {{ language?: string, title: string, subtitle: string, sections: Array<{ heading: string, items: Array<
 *   { kind: 'field', label: string, value: string } | { kind: 'text', text: string } | { kind: 'bullet', text: string } |
 *   { kind: 'entry', title: string, place: string, period: string, detail: string }> }> }} pack
 * @returns {Promise<Buffer>}
 */
export function renderCandidatePack(pack) {
  const { doc, done, left, width } = openDocument(
    { Title: `${pack.title} — ${pack.subtitle}`, Author: 'CaribConnect', Creator: 'CaribConnect' },
    pack.language,
  );
  const roomFor = (points) => {
    if (doc.y > doc.page.height - PAGE.margins.bottom - points) doc.addPage();
  };
  titleBlock(doc, pack.title, pack.subtitle);

  for (const section of pack.sections) {
    sectionHeading(doc, section.heading);
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
