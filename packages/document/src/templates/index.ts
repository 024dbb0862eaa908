export * from './sizes.ts';
export * from './schema.ts';
export * from './numbering.ts';
export * from './builtin.ts';
