import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
const BASE = 'http://localhost:3600';
const OUT = '/tmp/rs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const ctx = await browser.newContext({ baseURL: BASE });
const page = await ctx.newPage();
page.setDefaultTimeout(60000);
const h = { origin: BASE };
const email = `shot${Date.now()}@example.com`;
let r = await page.request.post('/api/signup', { data: { email, password: 'shot-password-123', role: 'jobseeker', fullName: 'Marie-Thérèse Région' }, headers: h });
const seeker = (await r.json()).user;
const resume = {
  fullName: 'Marie-Thérèse Région', phone: '+1 868 555 0100', email,
  summary: 'Hospitality lead from Curaçao with eight years at the front desk of busy resorts. Fluent in Kreyòl, Papiamentu, English and Spanish; calm under pressure and good with guests.',
  education: [{ title: 'BSc Hospitality Management', place: 'University of the West Indies, St. Augustine', period: '2012 – 2015', detail: '' }, { detail: 'CXC CSEC: 8 subjects, including English and Mathematics (Grade I).' }],
  experience: [
    { title: 'Front desk lead', place: 'Hôtel Caraïbes, Willemstad', period: '2019 – 2024', detail: 'Led a team of six across three shifts.\nCut check-in waiting times by a third with a new arrivals routine.' },
    { title: 'Receptionist', place: 'Sandals Grande, Ocho Rios', period: '2015 – 2019', detail: 'Reservations, guest services and night audit.' },
  ],
  skills: 'Customer service, Kreyòl, Papiamentu, Opera PMS, Excel, Conflict resolution',
  certifications: 'First Aid (Red Cross), Food Safety Level 2',
};
r = await page.request.put('/api/resumes/me', { multipart: { resume: JSON.stringify(resume) }, headers: h });
console.log('save', r.status());
const pdfRes = await page.request.get(`/api/resumes/${seeker.id}/document`);
const pdf = await pdfRes.body();
writeFileSync(`${OUT}/generated.pdf`, pdf);

// employer + job for the apply screen
const ectx = await browser.newContext({ baseURL: BASE });
const epage = await ectx.newPage();
await epage.request.post('/api/signup', { data: { email: `emp${Date.now()}@example.com`, password: 'shot-password-123', role: 'employer', fullName: 'Bay Resorts Ltd' }, headers: h });
const job = await (await epage.request.post('/api/jobs', { data: { title: 'Night Auditor', company: 'Bay Resorts Ltd', country: 'Jamaica', category: 'Hospitality', description: 'Nights, five a week.' }, headers: h })).json();

for (const width of [360, 1280]) {
  await page.setViewportSize({ width, height: 900 });
  for (const [name, path] of [['builder', '/resume-builder'], ['view', '/view-resume'], ['profile', '/profile'], ['apply', `/jobs/${job.id}/apply`]]) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
  }
  await epage.setViewportSize({ width, height: 900 });
  await epage.goto(`/profile/${seeker.id}`);
  await epage.getByRole('heading', { level: 1 }).waitFor();
  await epage.waitForTimeout(1500);
  await epage.screenshot({ path: `${OUT}/other-profile-${width}.png`, fullPage: true });
}

// Render the generated PDF's first page with pdf.js inside Chromium.
const pctx = await browser.newContext({ viewport: { width: 900, height: 1200 } });
const ppage = await pctx.newPage();
const pdfjs = readFileSync('node_modules/unpdf/dist/pdfjs.mjs');
await ppage.route('http://pdf.local/**', (route) => {
  const url = route.request().url();
  if (url.endsWith('.mjs')) return route.fulfill({ body: pdfjs, contentType: 'text/javascript' });
  if (url.endsWith('.pdf')) return route.fulfill({ body: pdf, contentType: 'application/pdf' });
  return route.fulfill({ body: '<!doctype html><html><body style="margin:0;background:#888"><canvas id="c"></canvas></body></html>', contentType: 'text/html' });
});
await ppage.goto('http://pdf.local/');
await ppage.evaluate(async () => {
  const pdfjs = await import('http://pdf.local/pdfjs.mjs');
  const data = new Uint8Array(await (await fetch('http://pdf.local/r.pdf')).arrayBuffer());
  const doc = await pdfjs.getDocument({ data, disableWorker: true, isEvalSupported: false }).promise;
  const p = await doc.getPage(1);
  const vp = p.getViewport({ scale: 1.5 });
  const c = document.getElementById('c');
  c.width = vp.width; c.height = vp.height;
  await p.render({ canvasContext: c.getContext('2d'), viewport: vp }).promise;
});
await ppage.locator('#c').screenshot({ path: `${OUT}/pdf-page1.png` });
await browser.close();
console.log('done');
