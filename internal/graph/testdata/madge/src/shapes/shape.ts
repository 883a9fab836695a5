import type { Circle } from './circle';

export interface Shape {
  kind: string;
  children: Circle[];
}
