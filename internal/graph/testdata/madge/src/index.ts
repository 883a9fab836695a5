// The barrel: re-exports the public surface.
export * from './a';
export { format } from './b';
export * from './g';
export type { Shape } from './shapes/shape';
