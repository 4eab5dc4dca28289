import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, decodeKey, type Config } from '../config';
import { AppError } from './errors';

/**
 * The key for ID numbers: PII_KEY, or (embedded database only) one generated once into DATA_DIR/pii.key,
 * never into the database. loadConfig already refuses DATABASE_URL without PII_KEY: instances that share a
 * database must share the key, or the blind index of one child differs between them.
 */
export function loadPiiKey(config: Pick<Config, 'PII_KEY' | 'DATABASE_URL' | 'dataDir'>): Buffer {
  if (config.PII_KEY) {
    const k = decodeKey(config.PII_KEY);
    if (!k) throw new ConfigError('Invalid configuration: PII_KEY: must be 32 bytes (64 hex characters or base64)');
    return k;
  }
  if (config.DATABASE_URL) throw new ConfigError('Invalid configuration: PII_KEY: required with DATABASE_URL');
  const file = path.join(config.dataDir, 'pii.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // another process wrote it first: use theirs
    }
  }
  const k = decodeKey(fs.readFileSync(file, 'utf8').trim());
  if (!k) throw new ConfigError(`Invalid configuration: ${file}: not a 32-byte hex key`);
  return k;
}

/**
 * A stored ID number this server's key cannot open (written under another PII_KEY, or damaged). Answered
 * as 409 with a message for the operator; nothing of the number is logged.
 */
export const piiUnreadable = () => new AppError('PII_UNREADABLE');

/**
 * ID card and passport numbers (minors' data, PIPL): AES-256-GCM at rest with a key from config (never
 * the database), an HMAC-SHA256 blind index for uniqueness and lookups, and a masked copy for lists.
 */
export class Pii {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;
  constructor(master: Buffer) {
    if (master.length !== 32) throw new Error('PII key must be 32 bytes');
    this.encKey = Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), 'pii-encrypt-v1', 32));
    this.macKey = Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), 'pii-index-v1', 32));
  }

  static normalize(value: string): string {
    return value.trim().toUpperCase();
  }

  encrypt(plain: string): string {
    return this.seal(Pii.normalize(plain));
  }

  /** Any text as it is (not normalised): a background job's parameters that may name a person (lib/crud/export-job.ts). */
  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.encKey, iv);
    const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
  }

  /** The whole number; throws piiUnreadable() (409) when this key did not write it. */
  decrypt(stored: string): string {
    const plain = this.tryDecrypt(stored);
    if (plain === null) throw piiUnreadable();
    return plain;
  }

  /** The whole number, or null when the stored value was written under another key or is damaged. */
  tryDecrypt(stored: string): string | null {
    const [v, iv, tag, ct] = stored.split('.');
    if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
    try {
      const d = crypto.createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  index(plain: string): string {
    return crypto.createHmac('sha256', this.macKey).update(Pii.normalize(plain)).digest('hex');
  }
}
