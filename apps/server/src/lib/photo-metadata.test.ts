import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanOriginal } from './images';
import { buildTiff, readKeptTags, stripLocation } from './photo-metadata';
import { hasGpsPointer, phonePhoto, tiffOf } from '../test/photos';

describe('album originals lose their location, keep orientation and capture time', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('%s: GPS and XMP gone, orientation and times kept, pixels untouched', async (format) => {
    const input = await phonePhoto(format);
    const before = await sharp(input).metadata();
    // the fixture really carries a location
    expect(before.orientation).toBe(6);
    expect(hasGpsPointer(tiffOf(before.exif))).toBe(true);
    expect(input.includes('WGS-84')).toBe(true);
    expect(before.xmp).toBeDefined();

    const out = stripLocation(input, format)!;
    expect(out).not.toBeNull();
    const after = await sharp(out).metadata();
    expect(hasGpsPointer(tiffOf(after.exif))).toBe(false);
    expect(out.includes('WGS-84')).toBe(false);
    expect(out.includes('GPSLatitude')).toBe(false);
    expect(out.includes('PhoneCam')).toBe(false); // nothing else of the device either
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBe(6);
    expect(readKeptTags(tiffOf(after.exif))).toMatchObject({ dateTimeOriginal: '2025:05:10 08:59:58', dateTime: '2025:05:10 09:00:00' });
    expect(after.width).toBe(before.width);
    // lossless: the decoded pixels are identical
    const [a, b] = await Promise.all([sharp(input).raw().toBuffer(), sharp(out).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
  });

  it('drops what follows the JPEG image (embedded previews with their own Exif) and comments', async () => {
    const photo = await phonePhoto('jpeg');
    const trailer = Buffer.concat([Buffer.from('junk'), await phonePhoto('jpeg', 16, 12)]);
    const withCom = Buffer.concat([photo.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, 0x10]), Buffer.from('Lat 31.24 N ok'), photo.subarray(2), trailer]);
    const out = stripLocation(withCom, 'jpeg')!;
    expect(out.includes('WGS-84')).toBe(false);
    expect(out.includes('Lat 31.24')).toBe(false);
    expect(out.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
  });

  it('a file without metadata comes back byte for byte', async () => {
    const plain = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    expect(stripLocation(plain, 'jpeg')!.equals(plain)).toBe(true);
  });

  it('a structure the surgery does not follow is re-encoded or refused, never kept as it came', async () => {
    const photo = await phonePhoto('jpeg');
    // a stray byte between segments: not a marker where one must be
    const odd = Buffer.concat([photo.subarray(0, 2), Buffer.from([0x00]), photo.subarray(2)]);
    expect(stripLocation(odd, 'jpeg')).toBeNull();
    await expect(cleanOriginal(odd, 'jpeg')).rejects.toMatchObject({ code: 'UPLOAD_BROKEN' });
    // a well-formed one goes through the surgery
    expect((await cleanOriginal(photo, 'jpeg')).includes('WGS-84')).toBe(false);
  });

  it('builds a minimal TIFF that reads back', () => {
    const t = buildTiff({ orientation: 3, dateTimeOriginal: '2024:01:02 03:04:05', subSecTimeOriginal: '12' })!;
    expect(readKeptTags(t)).toEqual({ orientation: 3, dateTimeOriginal: '2024:01:02 03:04:05', subSecTimeOriginal: '12' });
    expect(buildTiff({})).toBeNull();
  });
});
