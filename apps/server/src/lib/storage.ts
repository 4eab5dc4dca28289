import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/** Where uploaded files live. Local disk under DATA_DIR/uploads by default. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  stream(key: string): fs.ReadStream;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

/** A new storage key: <folder>/<yyyy>/<mm>/<random>.<ext>; never derived from the uploader's file name. */
export function newKey(folder: string, ext: string): string {
  const d = new Date();
  return `${folder}/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${crypto.randomBytes(12).toString('hex')}.${ext}`;
}

const KEY_RE = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-f0-9]{24}(-[a-z0-9]+)?\.[a-z0-9]{2,5}$/;
export function isValidKey(key: string): boolean {
  return KEY_RE.test(key) && !key.includes('..');
}

export class LocalStorage implements Storage {
  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }
  private file(key: string) {
    if (!isValidKey(key)) throw new Error('bad storage key');
    return path.join(this.root, ...key.split('/'));
  }
  async put(key: string, data: Buffer) {
    const f = this.file(key);
    await fsp.mkdir(path.dirname(f), { recursive: true });
    const tmp = `${f}.${process.pid}.tmp`;
    await fsp.writeFile(tmp, data);
    await fsp.rename(tmp, f);
  }
  read(key: string) {
    return fsp.readFile(this.file(key));
  }
  stream(key: string) {
    return fs.createReadStream(this.file(key));
  }
  async exists(key: string) {
    if (!isValidKey(key)) return false;
    return fsp.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }
  async remove(key: string) {
    await fsp.rm(this.file(key), { force: true });
  }
}
