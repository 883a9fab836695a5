// A package entry point: re-exports only, so it declares nothing.
export * from './query/search';
export * as formatters from './format';
export { Engine, type EngineOptions } from './engine';
export type { Snapshot } from './snapshot';
export { default as createServer } from './server';
