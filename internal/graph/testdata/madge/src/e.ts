import { stepD } from './d';
import { stepF } from './f';

export function stepE(n: number): number {
  return n % 2 === 0 ? stepD(n) : stepF(n);
}
