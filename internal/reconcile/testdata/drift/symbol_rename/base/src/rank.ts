// Ranking of documents.
export function RankDocs(docs: string[]): string[] {
  return [...docs].sort();
}

export const rankLimit = 10;
