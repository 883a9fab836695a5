export const loader = 1;
