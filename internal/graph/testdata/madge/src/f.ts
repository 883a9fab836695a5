import { stepD } from './d';

export function stepF(n: number): number {
  return stepD(n - 1);
}
