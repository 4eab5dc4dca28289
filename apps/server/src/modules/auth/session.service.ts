// The session store lives in the kernel (lib/session.ts: the auth plugin reads it on every request); auth's
// routes and the tests reach it here too.
export * from '../../lib/session';
