/** BM25 postings over each item's title, description and tags (the terms interned once). */
import { offsetsFromCounts } from './arrays';
import { tokenize } from './text';
import type { CatalogueItem } from './types';

/** Title and tag words count twice as much as description words in BM25. */
const TITLE_WEIGHT = 2;
const TAG_WEIGHT = 2;
const DESCRIPTION_WEIGHT = 1;

export function buildTextIndex(items: CatalogueItem[]) {
  const terms = new Map<string, number>();
  const documentTerms: number[] = [];
  const documentFrequencies: number[] = [];
  const documentOffsets = new Int32Array(items.length + 1);
  const documentLengths = new Float32Array(items.length);
  const frequencies = new Map<number, number>();
  let lengthTotal = 0;
  items.forEach((item, index) => {
    frequencies.clear();
    let length = 0;
    const add = (text: string, weight: number) => {
      for (const token of tokenize(text)) {
        let term = terms.get(token);
        if (term === undefined) {
          term = terms.size;
          terms.set(token, term);
        }
        frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
        length += weight;
      }
    };
    add(item.title, TITLE_WEIGHT);
    add(item.description, DESCRIPTION_WEIGHT);
    for (const tag of item.tags) add(tag, TAG_WEIGHT);
    for (const [term, frequency] of frequencies) {
      documentTerms.push(term);
      documentFrequencies.push(frequency);
    }
    documentOffsets[index + 1] = documentTerms.length;
    documentLengths[index] = length;
    lengthTotal += length;
  });
  const postingCounts = new Int32Array(terms.size);
  for (const term of documentTerms) postingCounts[term]++;
  const postingOffsets = offsetsFromCounts(postingCounts);
  const cursor = postingOffsets.slice(0, terms.size);
  const postingItems = new Int32Array(documentTerms.length);
  const postingFrequencies = new Float32Array(documentTerms.length);
  for (let item = 0; item < items.length; item++) {
    for (let position = documentOffsets[item]; position < documentOffsets[item + 1]; position++) {
      const slot = cursor[documentTerms[position]]++;
      postingItems[slot] = item;
      postingFrequencies[slot] = documentFrequencies[position];
    }
  }
  return { terms, postingOffsets, postingItems, postingFrequencies, documentLengths, averageDocumentLength: items.length ? lengthTotal / items.length : 0 };
}
