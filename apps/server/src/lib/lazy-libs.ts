/**
 * Libraries a small site may never need load when first used (issue 39: a 1 GB server is enough). Each
 * costs 10–30 MB resident once imported (bench/memory.mjs prints what each costs on its own); imported
 * at start they all did, on every instance, whether anyone made a spreadsheet, a PDF or a certificate.
 * The server's bundle keeps them external (build.mjs), so each `import()` loads the package then.
 */
export const loadExcel = async () => (await import('exceljs')).default;
export const loadSharp = async () => (await import('sharp')).default;
export const loadPdfLib = () => import('pdf-lib');
export const loadFontkit = async () => (await import('@pdf-lib/fontkit')).default;
export const loadSubsetFont = async () => (await import('subset-font')).default;
export const loadArchiver = async () => (await import('archiver')).default;
export const loadQrCode = async () => (await import('qrcode')).default;
export const loadCaptcha = async () => (await import('svg-captcha')).default;
