// Ranking of documents.
export function rankDocuments(docs: string[]): string[] {
  return [...docs].sort();
}

export const rankLimit = 10;
