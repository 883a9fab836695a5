import { ok } from './ok';

export function good() {
  return ok;
}

export const bad = {
  a: 1,
  b: ,
};

export function after() {}
