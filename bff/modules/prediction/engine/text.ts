/**
 * Text relevance: lower-case tokens without English stop words, plural endings folded (the Harman
 * S-stemmer: "shoes" and "shoe" meet, "running" stays itself), scored with Okapi BM25.
 */

// The common English function words of the usual search-engine lists (Lucene's and the NLTK's core).
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;

/** Harman's S-stemmer: folds plural endings only, so stems stay readable and precise. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && !word.endsWith('aes') && !word.endsWith('ees') && !word.endsWith('oes')) return word.slice(0, -1);
  if (word.endsWith('s') && !word.endsWith('us') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The searchable terms of a text, in order (repeats kept: they are term frequency). */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (!STOP_WORDS.has(word)) terms.push(stem(word));
  }
  return terms;
}

/** The query's distinct terms, each with the word it came from (explanations quote words, not stems). */
export function queryTerms(query: string): Array<{ term: string; word: string }> {
  const seen = new Map<string, string>();
  for (const match of query.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (STOP_WORDS.has(word)) continue;
    const term = stem(word);
    if (!seen.has(term)) seen.set(term, word);
  }
  return [...seen].map(([term, word]) => ({ term, word }));
}

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export function bm25Idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}
