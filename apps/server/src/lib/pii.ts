import crypto from 'node:crypto';

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
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.encKey, iv);
    const ct = Buffer.concat([c.update(Pii.normalize(plain), 'utf8'), c.final()]);
    return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
  }

  decrypt(stored: string): string {
    const [v, iv, tag, ct] = stored.split('.');
    if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown PII format');
    const d = crypto.createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  }

  index(plain: string): string {
    return crypto.createHmac('sha256', this.macKey).update(Pii.normalize(plain)).digest('hex');
  }
}
