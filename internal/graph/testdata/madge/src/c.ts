import { run } from './a';
import { log } from './util';

export function parse(input: string): string {
  log(input);
  return input.length > 100 ? run(input.slice(1)) : input;
}
