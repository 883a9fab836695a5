export const c = () => 1;
