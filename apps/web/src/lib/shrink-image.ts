/**
 * Phone cameras make 3-8 MB photos; a listing needs far fewer pixels. Shrinking in the browser saves
 * minutes of upload on a slow connection and keeps photos under the server's size cap. Small files,
 * GIFs (may be animated) and anything the browser cannot decode are sent unchanged; the server still
 * checks and re-encodes whatever it receives.
 */
export async function shrinkImage(file: File, { maxSide = 1024, smallEnough = 300 * 1024 } = {}): Promise<{ blob: Blob; name: string }> {
  const unchanged = { blob: file as Blob, name: file.name };
  if (file.size <= smallEnough || file.type === 'image/gif' || typeof createImageBitmap !== 'function') return unchanged;
  try {
    // createImageBitmap applies the EXIF orientation, so the canvas holds the photo upright.
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
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
