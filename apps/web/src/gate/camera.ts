/** The browser's own QR reader where it has one (Chrome on Android); jsQR (loaded only then) elsewhere. */
interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (o: { formats: string[] }) => Detector;

async function reader(): Promise<(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D) => Promise<string | null>> {
  const Native = (globalThis as { BarcodeDetector?: DetectorCtor & { getSupportedFormats?: () => Promise<string[]> } }).BarcodeDetector;
  const formats: string[] = (await Native?.getSupportedFormats?.().catch(() => [])) ?? [];
  if (Native && formats.includes('qr_code')) {
    const d = new Native({ formats: ['qr_code'] });
    return async (canvas) => (await d.detect(canvas))[0]?.rawValue ?? null;
  }
  const jsQR = (await import('jsqr')).default;
  return async (canvas, ctx) => {
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(img.data, img.width, img.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** Reads the camera into `video` and calls `onCode` with each code seen; `failed` settles when there is no camera. */
export function startCamera(video: HTMLVideoElement, onCode: (text: string) => void) {
  let stopped = false;
  let stream: MediaStream | null = null;
  let frame = 0;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const failed = (async () => {
    const read = await reader();
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    if (stopped) return stream.getTracks().forEach((tr) => tr.stop());
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    const tick = async () => {
      if (stopped) return;
      if (ctx && video.readyState >= 2 && video.videoWidth) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        ctx.drawImage(video, 0, 0);
        const text = await read(canvas, ctx).catch(() => null);
        if (text) onCode(text);
      }
      frame = requestAnimationFrame(() => void tick());
    };
    void tick();
  })().then(
    () => new Promise<never>(() => undefined),
    () => undefined,
  );
  return {
    failed,
    stop: () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((tr) => tr.stop());
    },
  };
}
