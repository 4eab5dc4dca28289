/** Moved to lib/pool.ts (shared with the registration screens). */
export * from '../../lib/pool';
