import { format } from './b';
import { parse } from './c';

export function run(input: string): string {
  return format(parse(input));
}
