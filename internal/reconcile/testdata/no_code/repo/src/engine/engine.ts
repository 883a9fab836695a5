export function runEngine(): number {
  return 1;
}
