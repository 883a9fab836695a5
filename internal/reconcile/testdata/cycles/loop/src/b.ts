import { c } from "./c";
import { a } from "./a";

export const b = () => a() + c();
