import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { ConfigError } from '../config';
import { AppError } from './errors';

/** A stored file opened for reading: its bytes as a stream, and its size when the store knows it. */
export interface StoredObject {
  body: Readable;
  size: number | null;
}

/**
 * Where uploaded files live: local disk under DATA_DIR/uploads (default), or an S3-compatible object store
 * (STORAGE=s3) that several instances share. Every reader and writer of uploads goes through this.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** the whole file (small files only; serving uses open) */
  read(key: string): Promise<Buffer>;
  /** a streaming read; null when there is no such file */
  open(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** removes the file; a missing file is not an error */
  remove(key: string): Promise<void>;
  /** whether the store takes files now (for /api/health): answers within HEALTH_TIMEOUT_MS, never throws */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The longest /api/health waits for the object store's answer. */
export const HEALTH_TIMEOUT_MS = 2000;

/** A new storage key: <folder>/<yyyy>/<mm>/<random>.<ext>; never derived from the uploader's file name. */
export function newKey(folder: string, ext: string): string {
  const d = new Date();
  return `${folder}/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${randomName(ext)}`;
}

/** A random file name (96 bits): what account avatars are stored under, so /avatar/<file name> finds them. */
export function randomName(ext: string): string {
  return `${crypto.randomBytes(12).toString('hex')}.${ext}`;
}

const KEY_RE = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-f0-9]{24}(-[a-z0-9]+)?\.[a-z0-9]{2,5}$/;
export function isValidKey(key: string): boolean {
  return KEY_RE.test(key) && !key.includes('..');
}

function checked(key: string): string {
  if (!isValidKey(key)) throw new Error('bad storage key');
  return key;
}

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }
  private file(key: string) {
    return path.join(this.root, ...checked(key).split('/'));
  }
  async put(key: string, data: Buffer) {
    const f = this.file(key);
    await fsp.mkdir(path.dirname(f), { recursive: true });
    const tmp = `${f}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fsp.writeFile(tmp, data);
    await fsp.rename(tmp, f);
  }
  read(key: string) {
    return fsp.readFile(this.file(key));
  }
  async open(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    const f = this.file(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(f, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    const { size } = await handle.stat();
    return { body: handle.createReadStream(), size };
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
  /** the upload folder takes a write (an empty probe file; a missing or read-only folder does not) */
  ping() {
    return fsp.writeFile(path.join(this.root, '.health'), '').then(
      () => true,
      () => false,
    );
  }
  async close() {}
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

type S3Module = typeof import('@aws-sdk/client-s3');

/**
 * Any S3-compatible store (MinIO, Ceph, AWS, the tests' s3rver): path-style addresses, keys as object names.
 * Checksums only where the protocol requires them, so servers that do not know the newer checksum headers
 * (older MinIO, s3rver) accept our requests.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private constructor(
    private readonly sdk: S3Module,
    private readonly client: InstanceType<S3Module['S3Client']>,
    readonly bucket: string,
  ) {}

  /** Loads the SDK (only now: cold start without S3 never pays for it) and checks the bucket answers. */
  static async connect(o: S3Options): Promise<S3Storage> {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      endpoint: o.endpoint,
      region: o.region,
      forcePathStyle: true,
      credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // a store that stops answering costs a request seconds, not minutes (then 503 STORAGE_UNAVAILABLE)
      requestHandler: { connectionTimeout: 2000, requestTimeout: 15_000 },
    });
    const s = new S3Storage(sdk, client, o.bucket);
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: o.bucket }));
    } catch (e) {
      client.destroy();
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why = status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : status ? `HTTP ${status}` : ((e as Error).name ?? 'unreachable');
      throw new ConfigError(`Invalid configuration: S3_BUCKET: bucket "${o.bucket}" at ${new URL(o.endpoint).origin} is not usable (${why})`);
    }
    return s;
  }

  /** One request to the store: not-found stays as it is; any other failure is the store's, 503 STORAGE_UNAVAILABLE. */
  private async send<T>(command: unknown): Promise<T> {
    try {
      return (await this.client.send(command as never)) as T;
    } catch (e) {
      if (isMissing(e)) throw e;
      throw storageUnavailable(e);
    }
  }

  async put(key: string, data: Buffer, contentType = 'application/octet-stream') {
    await this.send(
      new this.sdk.PutObjectCommand({ Bucket: this.bucket, Key: checked(key), Body: data, ContentType: contentType, ContentLength: data.length }),
    );
  }
  async read(key: string): Promise<Buffer> {
    const o = await this.open(key);
    if (!o) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    const chunks: Buffer[] = [];
    for await (const c of o.body) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }
  async open(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    try {
      const r = await this.send<{ Body?: unknown; ContentLength?: number }>(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: r.Body as Readable, size: r.ContentLength ?? null };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }
  async exists(key: string) {
    if (!isValidKey(key)) return false;
    try {
      await this.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }
  async remove(key: string) {
    await this.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: checked(key) }));
  }
  /** HeadBucket, cut off after HEALTH_TIMEOUT_MS */
  ping() {
    return this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) }).then(
      () => true,
      () => false,
    );
  }
  async close() {
    this.client.destroy();
  }
}

/**
 * The store's failure as the error contract: 503 STORAGE_UNAVAILABLE (never DB_UNAVAILABLE, which a refused
 * connection would otherwise read as), with only the failure's name kept for the log.
 */
function storageUnavailable(e: unknown): AppError {
  const err = e as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  return Object.assign(new AppError('STORAGE_UNAVAILABLE'), { storage: { failure: err.code ?? err.name, status: err.$metadata?.httpStatusCode } });
}

function isMissing(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

/** The store the configuration asks for (STORAGE=local|s3). */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE === 's3') {
    return S3Storage.connect({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}

/** Waits before each further attempt of a background upload (ms): about two minutes in all. */
export const PUT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000, 30_000, 30_000, 30_000];

/**
 * Stores a background job's result (an export, a certificate zip), trying again while the store is
 * unavailable: a store that is down for a minute delays the file, it does not lose it. `beat` runs every
 * 20 s meanwhile, so the job keeps reporting progress (a job silent for a minute counts as failed).
 */
export async function putRetrying(
  storage: Pick<Storage, 'put'>,
  key: string,
  data: Buffer,
  contentType: string,
  opts: { beat?: () => Promise<void>; delays?: readonly number[] } = {},
): Promise<void> {
  const delays = opts.delays ?? PUT_RETRY_DELAYS_MS;
  const heart = opts.beat ? setInterval(() => void opts.beat!().catch(() => undefined), 20_000) : null;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await storage.put(key, data, contentType);
      } catch (e) {
        if (!(e instanceof AppError && e.code === 'STORAGE_UNAVAILABLE') || attempt >= delays.length) throw e;
        await new Promise((r) => setTimeout(r, delays[attempt]));
      }
    }
  } finally {
    if (heart) clearInterval(heart);
  }
}
