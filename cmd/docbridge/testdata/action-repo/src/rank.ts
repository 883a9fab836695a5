export function RankDocs(): number { return 1 }
