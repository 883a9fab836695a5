export const load = 2;
