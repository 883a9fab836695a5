export const load = 1;
