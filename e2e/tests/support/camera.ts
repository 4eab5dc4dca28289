import { chromium, type Browser } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { chromiumPath } from '../../chromium';

const W = 640;
const H = 480;

/**
 * A video file that shows one QR code, for Chromium's fake camera (`--use-file-for-fake-video-capture`).
 * Y4M (YUV 4:2:0): the code in black on white, 8 pixels per module with a quiet zone; the file loops.
 */
export function qrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const scale = 8;
  const side = (n + 8) * scale;
  const x0 = Math.floor((W - side) / 2);
  const y0 = Math.floor((H - side) / 2);
  const luma = Buffer.alloc(W * H, 235);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (y0 + (r + 4) * scale + dy) * W + x0 + (c + 4) * scale;
        luma.fill(16, row, row + scale);
      }
    }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(os.tmpdir(), `rp-qr-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
  return file;
}

/** A Chromium whose camera streams the given video file (permission granted without a prompt). */
export function browserWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
