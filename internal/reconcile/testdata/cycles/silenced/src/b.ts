import { a } from "./a";

export const b = () => a();
