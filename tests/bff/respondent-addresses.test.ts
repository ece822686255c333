/**
 * A respondent's address from the request to the results screen: an IPv4 visitor is kept and shown
 * as IPv4 (203.0.113.0 truncated), whether the address arrives as IPv4, as an IPv4-mapped IPv6
 * address (what a dual-stack socket or a proxy reports), with a port, or in brackets; an address
 * is never kept as "::". X-Forwarded-For is read only when TRUST_PROXY says a proxy sets it.
 */
import { describe, expect, it } from 'vitest';
import { SurveyResponse } from '@bff/entities';
import { normalisedAddress, storedAddress, truncatedAddress } from '@bff/platform/clientAddress';
import { addPublished } from './support/surveys';
import { useWorld, type World } from './support/world';

const KEY = Buffer.alloc(32, 3);

async function runningSurvey(w: World) {
  return addPublished(w, w.companies.acme.id, { status: 'active', startedAt: new Date() });
}

/** A response started with these headers, and what was stored for its address. */
async function respond(w: World, surveyId: string, headers: Record<string, string> = {}) {
  const response = await w.http.post(`/api/public/surveys/${surveyId}/responses`).set(headers).send({ answers: { q_rating: 4 }, complete: true });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (await w.em().fork().findOneOrFail(SurveyResponse, { id: response.body.id as string })).ipAddress;
}

describe('respondent addresses behind a trusted proxy (TRUST_PROXY=true)', () => {
  const world = useWorld();

  it('keeps an IPv4 visitor as IPv4 in every spelling a proxy forwards, and shows it so in the results', async () => {
    const w = world();
    const survey = await runningSurvey(w);
    const forwarded = (address: string) => respond(w, survey.id, { 'X-Forwarded-For': address });

    expect(await forwarded('203.0.113.77')).toBe('203.0.113.0');
    expect(await forwarded('::ffff:203.0.113.78')).toBe('203.0.113.0');
    expect(await forwarded('::FFFF:cb00:714f')).toBe('203.0.113.0');
    expect(await forwarded('203.0.113.80:51234')).toBe('203.0.113.0');
    expect(await forwarded('[::ffff:203.0.113.81]:443')).toBe('203.0.113.0');
    // The client is the first of the proxies' list.
    expect(await forwarded('198.51.100.7, 10.0.0.2')).toBe('198.51.100.0');
    // An IPv6 visitor keeps its /48; a loopback (an untrusted proxy on this machine) stays whole, never "::".
    expect(await forwarded('2001:db8:85a3:8d3::7348')).toBe('2001:db8:85a3::');
    expect(await forwarded('::1')).toBe('::1');

    // The results screen reads what was stored: the responses list and the user analytics.
    const admin = w.bearer('alice');
    const list = await w.http.get(`/api/surveys/${survey.id}/responses`).query({ limit: '50' }).set(admin);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const shown = (list.body.responses as Array<{ ip_address: string | null }>).map((row) => row.ip_address);
    expect(shown.filter((address) => address === '203.0.113.0')).toHaveLength(5);
    expect(shown).not.toContain('::');
    const users = await w.http.get(`/api/surveys/${survey.id}/user-analytics`).set(admin);
    expect(users.status, JSON.stringify(users.body)).toBe(200);
    const engaged = users.body.userEngagement as Array<{ ip_address: string; response_count: number }>;
    expect(engaged.find((user) => user.ip_address === '203.0.113.0')?.response_count).toBe(5);
    expect(engaged.map((user) => user.ip_address)).not.toContain('::');
  });
});

describe('respondent addresses without a trusted proxy (TRUST_PROXY=false)', () => {
  const world = useWorld({ env: { TRUST_PROXY: 'false' } });

  it('reads the connection’s own address and ignores a forwarded one', async () => {
    const w = world();
    const survey = await runningSurvey(w);
    // The test server listens on 127.0.0.1: the client is IPv4, whatever the header claims.
    expect(await respond(w, survey.id, { 'X-Forwarded-For': '203.0.113.77' })).toBe('127.0.0.0');
    expect(await respond(w, survey.id)).toBe('127.0.0.0');
  });
});

describe('address spellings', () => {
  it('writes an IPv4 client as IPv4 and never an address as "::"', () => {
    expect(normalisedAddress('::ffff:0:203.0.113.5')).toBe('203.0.113.5');
    expect(normalisedAddress('::203.0.113.5')).toBe('203.0.113.5');
    expect(normalisedAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(normalisedAddress('::')).toBeNull();
    expect(normalisedAddress('0.0.0.0')).toBeNull();
    expect(truncatedAddress('::1')).toBe('::1');
    expect(truncatedAddress('::2')).toBe('::2');
    expect(storedAddress('::ffff:127.0.0.1', 'truncated', KEY)).toBe('127.0.0.0');
    expect(storedAddress('::', 'full', KEY)).toBeNull();
    // Hashing sees one spelling: an IPv4 visitor hashes alike however it arrived.
    expect(storedAddress('203.0.113.5:80', 'hashed', KEY)).toBe(storedAddress('::ffff:cb00:7105', 'hashed', KEY));
  });
});
