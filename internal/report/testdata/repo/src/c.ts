import { a } from "./a";

export const c = a;
