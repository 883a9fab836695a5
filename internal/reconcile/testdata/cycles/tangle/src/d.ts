import { a } from "./a";
import { b } from "./b";
import { c } from "./c";

export const d = () => 1;
