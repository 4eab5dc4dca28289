export * from './users';
export * from './messages';
export * from './content';
export * from './registration';
export * from './payments';
export * from './tickets';
export * from './people';
export * from './awards';
