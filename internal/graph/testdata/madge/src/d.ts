import { stepE } from './e';
import { run } from './index';

export function stepD(n: number): number {
  return n > 0 ? stepE(n - 1) : run('').length;
}
