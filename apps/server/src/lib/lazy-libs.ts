/**
 * Libraries a small site may never need load when first used (issue 39: a 1 GB server is enough). Each
 * costs 10–30 MB resident once imported (bench/memory.mjs prints what each costs on its own); imported
 * at start they all did, on every instance, whether anyone made a spreadsheet, a PDF or a certificate.
 * The server's bundle keeps them external (build.mjs), so each `import()` loads the package then.
 */
export const loadExcel = async () => (await import('exceljs')).default;
/**
 * sharp without libvips' operation cache (up to 50 MB and 100 operations by default, kept for as long as the
 * process runs): the server reads each upload once and keeps what it made, so a cache saves nothing (issue 39).
 */
export const loadSharp = async () => {
  const sharp = (await import('sharp')).default;
  sharp.cache(false);
  return sharp;
};
export const loadPdfLib = () => import('pdf-lib');
export const loadFontkit = async () => (await import('@pdf-lib/fontkit')).default;
export const loadSubsetFont = async () => (await import('subset-font')).default;
export const loadArchiver = async () => (await import('archiver')).default;
export const loadQrCode = async () => (await import('qrcode')).default;
export const loadCaptcha = async () => (await import('svg-captcha')).default;
