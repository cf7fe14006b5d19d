const MAX_SIDE = 1024;
const SMALL_ENOUGH = 300 * 1024;

/**
 * Phone cameras make 3-8 MB photos; an avatar needs a few hundred pixels. Shrinking in the browser
 * saves minutes of upload on a slow connection. Small files, GIFs (may be animated) and anything the
 * browser cannot decode are sent unchanged, and the server still checks what it receives.
 */
export async function shrinkImage(file: File): Promise<{ blob: Blob; name: string }> {
  const unchanged = { blob: file as Blob, name: file.name };
  if (file.size <= SMALL_ENOUGH || file.type === 'image/gif' || typeof createImageBitmap !== 'function') return unchanged;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) return unchanged;
    // JPEG has no transparency: paint white first so transparent PNGs do not turn black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob || blob.size >= file.size) return unchanged;
    return { blob, name: file.name.replace(/\.[^.]*$/, '') + '.jpg' };
  } catch {
    return unchanged;
  }
}
