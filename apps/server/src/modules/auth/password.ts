// Password hashing lives in the kernel (lib/password.ts: the first administrator is seeded with it).
export * from '../../lib/password';
