import sharp from 'sharp';

/** A real image of the given size and format, made on the fly (no fixtures). */
export async function makeImage(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 64, height = 48, color = { r: 30, g: 80, b: 160 }): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: color } });
  return format === 'png' ? img.png().toBuffer() : format === 'webp' ? img.webp().toBuffer() : img.jpeg().toBuffer();
}

/** A multipart body for app.inject. */
export function multipart(parts: { name: string; value?: string; filename?: string; data?: Buffer; contentType?: string }[]) {
  const boundary = '----rpTestBoundary' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(head + '\r\n\r\n'), p.data ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
