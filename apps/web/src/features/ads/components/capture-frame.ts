const MAX_SIDE = 1280;
const GIVE_UP_MS = 5000;

/**
 * The card's preview of a video: one frame at about 1 s (or mid-way through a shorter clip), drawn on
 * a canvas and sent as a JPEG with the ad; the server re-encodes it like any photo, so no video tool
 * runs on the server. Null when the browser cannot decode the video (e.g. HEVC in some browsers).
 */
export function captureFrame(file: File): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let done = false;
    const finish = (blob: Blob | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const draw = () => {
      if (!video.videoWidth || !video.videoHeight) return finish(null);
      const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      const ctx = canvas.getContext('2d');
      if (!ctx) return finish(null);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => finish(blob), 'image/jpeg', 0.85);
    };
    // A recording without a duration in its header (MediaRecorder's WebM) may never report "seeked":
    // take whatever frame is showing by then.
    const timer = setTimeout(() => (video.readyState >= 2 ? draw() : finish(null)), GIVE_UP_MS);
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.addEventListener('error', () => finish(null));
    video.addEventListener('loadeddata', () => {
      const d = video.duration;
      // A recording without a duration (Infinity) still seeks; a clip shorter than 1 s shows its middle.
      const at = Number.isFinite(d) ? Math.min(1, d / 2) : 1;
      if (!(at > 0)) return draw();
      video.addEventListener('seeked', draw, { once: true });
      video.currentTime = at;
    });
    video.src = url;
  });
}
