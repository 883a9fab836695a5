import { a } from "./a";

export function b() {
  return a;
}
