import sharp from 'sharp';

/** What a phone writes: make, times, and where the picture was taken (GPS IFD), plus XMP with the place. */
export const PHONE_EXIF = {
  IFD0: { Make: 'PhoneCam', Model: 'X-1', DateTime: '2025:05:10 09:00:00' },
  IFD2: { DateTimeOriginal: '2025:05:10 08:59:58', OffsetTimeOriginal: '+08:00' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 0/1', GPSMapDatum: 'WGS-84' },
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="31,14.5N" exif:GPSLongitude="121,28.0E"/></rdf:RDF></x:xmpmeta>';

/** A real photo as a phone would upload it: turned (orientation 6), timed, and located. */
export async function phonePhoto(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 64, height = 48): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 20 } } })
    .withMetadata({ orientation: 6 })
    .withExif(PHONE_EXIF as never)
    .withXmp(XMP);
  return (format === 'jpeg' ? img.jpeg({ quality: 90 }) : format === 'png' ? img.png() : img.webp({ quality: 90 })).toBuffer();
}

/** The TIFF body of the Exif block sharp reads (with or without the "Exif\0\0" header). */
export function tiffOf(exif: Buffer | undefined): Buffer {
  if (!exif) return Buffer.alloc(0);
  return exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
}

/** Whether a TIFF has a GPS IFD pointer (tag 0x8825) in IFD0 — read independently of photo-metadata.ts. */
export function hasGpsPointer(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  for (let i = 0; i < u16(ifd); i++) if (u16(ifd + 2 + i * 12) === 0x8825) return true;
  return false;
}
