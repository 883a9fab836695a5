import { b } from "./b";
import { c } from "./c";
import { d } from "./d";

export const a = () => 1;
