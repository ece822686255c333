import { describe, expect, it } from 'vitest';
import { CUSTOM_ATTRIBUTES } from '../fixtures';
import { BLANK_LIVE_TEST, buildPredictRequest, formFromRequest, LIVE_TEST_ERRORS, type LiveTestForm } from './liveTestRequest';

const form = (changes: Partial<LiveTestForm>): LiveTestForm => ({ ...BLANK_LIVE_TEST, ...changes });

describe('the Live Test request', () => {
  it('defaults to Top K 5 and sends the query', () => {
    expect(buildPredictRequest(form({ query: 'trail shoes' }), [])).toEqual({ ok: true, request: { query: 'trail shoes', top_k: 5 } });
  });

  it.each(['0', '51', '2.5', 'ten', ''])('refuses Top K %j: it is a whole number from 1 to 50', (topK) => {
    expect(buildPredictRequest(form({ topK }), [])).toEqual({ ok: false, errors: { topK: LIVE_TEST_ERRORS.topK } });
  });

  it.each(['1', '50'])('accepts Top K %s', (topK) => {
    expect(buildPredictRequest(form({ topK }), [])).toMatchObject({ ok: true, request: { top_k: Number(topK) } });
  });

  it('requires filters and metadata to be JSON objects when given', () => {
    const result = buildPredictRequest(form({ filters: '[1, 2]', metadata: '{"user_id": ' }), []);
    expect(result).toEqual({ ok: false, errors: { filters: LIVE_TEST_ERRORS.notObject('Filters'), metadata: LIVE_TEST_ERRORS.notObject('Metadata') } });
    const sent = buildPredictRequest(form({ filters: '{"price": {"lte": 100}}', metadata: '{"user_id": "u-1"}' }), []);
    expect(sent).toMatchObject({ ok: true, request: { filters: { price: { lte: 100 } }, metadata: { user_id: 'u-1' } } });
  });

  it('sends only ticked custom attributes with a value, each as its type', () => {
    const result = buildPredictRequest(
      form({
        attributes: {
          loyalty_tier: { ticked: true, value: 'gold' },
          max_budget: { ticked: true, value: ' 120 ' },
          is_gift: { ticked: false, value: 'true' },
        },
      }),
      CUSTOM_ATTRIBUTES,
    );
    expect(result).toEqual({ ok: true, request: { query: '', top_k: 5, custom_attributes: { loyalty_tier: 'gold', max_budget: 120 } } });
    const blank = buildPredictRequest(form({ attributes: { loyalty_tier: { ticked: true, value: '  ' } } }), CUSTOM_ATTRIBUTES);
    expect(blank).toEqual({ ok: true, request: { query: '', top_k: 5 } });
  });

  it('names a ticked attribute whose value is not of its type', () => {
    const result = buildPredictRequest(form({ attributes: { max_budget: { ticked: true, value: 'cheap' }, is_gift: { ticked: true, value: 'yes' } } }), CUSTOM_ATTRIBUTES);
    expect(result).toEqual({
      ok: false,
      errors: { attributes: { max_budget: 'max_budget must be a number', is_gift: 'is_gift must be a boolean' } },
    });
  });

  it('puts a logged request back in the form for Replay', () => {
    const request = { query: 'gift ideas', top_k: 10, metadata: { user_id: 'u-7' }, custom_attributes: { loyalty_tier: 'gold', max_budget: 50 } };
    const replayed = formFromRequest(request);
    expect(replayed.topK).toBe('10');
    expect(replayed.attributes).toEqual({ loyalty_tier: { ticked: true, value: 'gold' }, max_budget: { ticked: true, value: '50' } });
    expect(buildPredictRequest(replayed, CUSTOM_ATTRIBUTES)).toEqual({ ok: true, request });
  });
});
