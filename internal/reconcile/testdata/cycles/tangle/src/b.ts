import { a } from "./a";
import { c } from "./c";
import { d } from "./d";

export const b = () => 1;
