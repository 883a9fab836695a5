import { c } from "./c";

export const d = c;
