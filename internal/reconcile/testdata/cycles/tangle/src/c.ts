import { a } from "./a";
import { b } from "./b";
import { d } from "./d";

export const c = () => 1;
