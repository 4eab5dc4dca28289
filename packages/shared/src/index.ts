export * from './rules/phone';
export * from './roles';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/messages';
export * from './schemas/admin';
export * from './messages';
