// The ID-number key as backup.mjs and restore.mjs read it (the server's own rule, apps/server/src/config.ts
// decodeKey): 64 hex characters, or base64 of 32 bytes.
import crypto from 'node:crypto';

/** The key's 32 bytes, or null when the text is neither form. */
export function decodeKey(text) {
  const v = text.trim();
  if (/^[0-9a-f]{64}$/i.test(v)) return Buffer.from(v, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v)) return null;
  const b = Buffer.from(v, 'base64');
  return b.length === 32 ? b : null;
}

/** Names a key without revealing it (an HMAC under the key itself): what a backup's manifest records. */
export const fingerprint = (key) => crypto.createHmac('sha256', key).update('backup key fingerprint').digest('hex').slice(0, 16);
