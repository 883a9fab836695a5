import type { Shape } from './shape';
import { log } from '../util';

export interface Circle extends Shape {
  radius: number;
}

export function describe(c: Circle): void {
  log(`circle ${c.radius}`);
}
