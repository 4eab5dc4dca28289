export * from './types';
export * from './schema';
export * from './content';
export * from './registration';
export * from './payments';
export * from './tickets';
export * from './people';
export * from './awards';
