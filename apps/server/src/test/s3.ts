import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** the environment that points an app at this server (STORAGE=s3 and the S3_* settings) */
  env: Record<string, string>;
  /** stops answering (the port refuses connections) until `resume` starts it again on the same port and files */
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server for the PostgreSQL tier: s3rver (the S3 REST protocol over HTTP, from npm) on
 * a random local port with its files in a temporary folder, one bucket. The app talks to it through the
 * same @aws-sdk/client-s3 code that production uses against MinIO or any other S3 store.
 */
export async function startS3(bucket = 'rp-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-s3-'));
  const make = (port: number) => new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  let server: S3rver | null = make(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1' },
    pause: async () => {
      await server?.close();
      server = null;
    },
    resume: async () => {
      if (server) return;
      server = make(port);
      await server.run();
    },
    close: async () => {
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
