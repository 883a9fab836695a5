// a starts both cycles.
import { b } from "./b";

export const a = () => b();
