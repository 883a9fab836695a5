import { parse } from './c';

export function format(value: string): string {
  return parse(value).trim();
}
