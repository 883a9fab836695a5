// Imports through the barrel that re-exports it: a cycle via index.ts.
import { run } from './index';

export function greet(name: string): string {
  return run(`hello ${name}`);
}
