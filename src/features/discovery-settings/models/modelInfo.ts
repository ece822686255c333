/** What each model does, for its tab: a summary, its features and the use cases it serves. */
import type { ModelTab } from '../labels';

export interface ModelInfo {
  summary: string;
  features: string[];
  useCases: string[];
}

export const MODEL_INFO: Record<ModelTab, ModelInfo> = {
  discovery: {
    summary: 'Ranks your catalogue for each person and query from your own items and events, weighted by the twelve levers below.',
    features: [
      'Text relevance over titles, descriptions and tags',
      'Items viewed together, trending items and genre affinity',
      'Fair exposure for sellers and a boost for newcomers',
      'Stock, delivery time, price band and trust signals',
      'Hard filters on any item field, deterministic answers',
    ],
    useCases: ['Home page and product page carousels', 'Search results re-ranking', 'E-mail and push recommendations', 'Marketplace seller fairness'],
  },
  explanation: {
    summary: 'Turns the exact contributions behind each ranked item into a sentence in your brand’s voice; it never changes the ranking.',
    features: [
      'Explanations built only from signals that contributed',
      'Tone, warmth and the number of reasons you choose',
      'Hedging when an item only just made the list',
      'Length fitted to the channel (web, e-mail, push, SMS)',
      'Banned and required phrases of your brand',
    ],
    useCases: ['“Why this?” notes beside recommendations', 'Personalised e-mail copy', 'Support agents explaining suggestions', 'Audits of what drives the ranking'],
  },
};
