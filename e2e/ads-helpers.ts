import type { Page } from '@playwright/test';

/**
 * A real, tiny video made in the page itself: a canvas animation recorded with MediaRecorder (WebM,
 * about 1.3 s: long enough to hold the frame at 1 s the ad form takes for the card, and recorded in
 * real time, so each second more is a second of the run), so no binary fixture is committed and no
 * video tool is needed.
 */
export async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const timer = setInterval(() => {
      ctx.fillStyle = frame < 10 ? '#c92a2a' : '#1c7ed6';
      ctx.fillRect(0, 0, 320, 240);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(20 + ((frame * 8) % 260), 100, 40, 40);
      frame++;
    }, 66);
    recorder.start(250);
    await new Promise((r) => setTimeout(r, 1300));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

/** A small PNG of one colour, drawn in the page (no fixture files). */
export async function drawPng(page: Page, color: string, width = 640, height = 480): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ color, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      ctx.arc(width / 2, height / 2, height / 4, 0, Math.PI * 2);
      ctx.fill();
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    { color, width, height },
  );
  return Buffer.from(base64, 'base64');
}

/** Picks an option of a Mantine Select by its label. */
export async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
