// Draws a resume as a printable PDF. Plain JavaScript so the worker thread that runs it starts
// without a TypeScript loader. Text goes in as text (never markup), in an embedded Unicode font,
// so names like "Région", "Kreyòl" or "Curaçao" print and copy correctly.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const fontFile = (weight) => require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`);
let fonts;
export function loadFonts() {
  fonts ??= {
    regular: readFileSync(fontFile('400Regular')),
    bold: readFileSync(fontFile('700Bold')),
  };
  return fonts;
}

export const INK = '#1a1b1e';
export const MUTED = '#495057';
export const ACCENT = '#0b5f7f';

/**
 * A4 with margins wide enough that the text block (483 x 712 pt) also fits a US Letter sheet
 * (612 x 792 pt), so the same file prints well on either paper.
 */
export const PAGE = { size: 'A4', margins: { top: 56, bottom: 74, left: 56, right: 56 } };

/**
 * A document on PAGE with the embedded fonts registered as 'regular' and 'bold', the promise of its
 * bytes (resolved at doc.end()), and its text block's left edge and width. The resume and the
 * candidate pack (pack.mjs) start the same way, so they look the same.
 */
export function openDocument(info, lang = 'en') {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({ ...PAGE, bufferPages: false, displayTitle: true, lang, info });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done, left: PAGE.margins.left, width: doc.page.width - PAGE.margins.left - PAGE.margins.right };
}

/** The name in large bold type, a muted line under it (none when empty), and a rule. */
export function titleBlock(doc, title, subtitle) {
  const width = doc.page.width - PAGE.margins.left - PAGE.margins.right;
  doc.font('bold').fontSize(22).fillColor(INK).text(title, { width });
  if (subtitle) doc.moveDown(0.15).font('regular').fontSize(10).fillColor(MUTED).text(subtitle, { width });
  doc.moveDown(0.6);
  rule(doc, PAGE.margins.left, width, INK, 1);
}

/** A section's heading: capitals in the accent colour over a thin rule. */
export function sectionHeading(doc, title) {
  const left = PAGE.margins.left;
  const width = doc.page.width - left - PAGE.margins.right;
  doc.moveDown(0.9);
  // Keep a heading with at least a few lines of its section.
  if (doc.y > doc.page.height - PAGE.margins.bottom - 60) doc.addPage();
  doc.font('bold').fontSize(11).fillColor(ACCENT).text(title.toUpperCase(), left, doc.y, { width, characterSpacing: 0.8 });
  doc.moveDown(0.15);
  rule(doc, left, width, ACCENT, 0.5);
  doc.moveDown(0.35);
}

/**
 * @param {{ fullName: string, phone: string, email: string, summary: string,
 *   education: Array<{ title: string, place: string, period: string, detail: string }>,
 *   experience: Array<{ title: string, place: string, period: string, detail: string }>,
 *   skills: string[], certifications: string[], labels: Record<string, string>, language?: string }} resume
 * @returns {Promise<Buffer>}
 */
export function renderResumePdf(resume) {
  const L = resume.labels;
  const name = resume.fullName || L.untitled;
  const { doc, done, left, width } = openDocument({ Title: `${name} — ${L.resume}`, Author: name, Creator: 'CaribConnect' }, resume.language);
  titleBlock(doc, name, [resume.phone, resume.email].filter(Boolean).join('   ·   '));
  const section = (title) => sectionHeading(doc, title);
  const paragraph = (text) => doc.font('regular').fontSize(10).fillColor(INK).text(text, left, doc.y, { width, lineGap: 2 });
  const entries = (items) => {
    items.forEach((e, i) => {
      if (i > 0) doc.moveDown(0.6);
      if (doc.y > doc.page.height - PAGE.margins.bottom - 40) doc.addPage();
      if (e.title) doc.font('bold').fontSize(10.5).fillColor(INK).text(e.title, left, doc.y, { width });
      const meta = [e.place, e.period].filter(Boolean).join('   ·   ');
      if (meta) doc.font('regular').fontSize(9.5).fillColor(MUTED).text(meta, left, doc.y, { width });
      if (e.detail) {
        if (e.title || meta) doc.moveDown(0.2);
        paragraph(e.detail);
      }
    });
  };

  if (resume.summary) {
    section(L.summary);
    paragraph(resume.summary);
  }
  if (resume.experience.length) {
    section(L.experience);
    entries(resume.experience);
  }
  if (resume.education.length) {
    section(L.education);
    entries(resume.education);
  }
  if (resume.skills.length) {
    section(L.skills);
    paragraph(resume.skills.join('   ·   '));
  }
  if (resume.certifications.length) {
    section(L.certifications);
    for (const c of resume.certifications) doc.font('regular').fontSize(10).fillColor(INK).text(`•  ${c}`, left, doc.y, { width, lineGap: 2 });
  }
  doc.end();
  return done;
}

export function rule(doc, left, width, color, thickness) {
  doc
    .save()
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(thickness)
    .strokeColor(color)
    .stroke()
    .restore();
}
