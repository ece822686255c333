import { describe, expect, it } from 'vitest';
import { IdentityGraph, identifierKindOfKey, normaliseIdentifier, type Identifier, type ResolvedIdentities } from './identity';

const id = (kind: string, value: string): Identifier => normaliseIdentifier(kind, value)!;
const joinsOf = (resolved: ResolvedIdentities) => Array.from({ length: resolved.joinCount }, (_, index) => resolved.join(index));
const sightingsOf = (resolved: ResolvedIdentities) => Array.from({ length: resolved.nodeCount }, (_, node) => resolved.sighting(node));

describe('identity resolution', () => {
  it('trims identifiers, lower-cases e-mails and drops placeholders', () => {
    expect(normaliseIdentifier('email', '  Ann@Example.COM ')).toEqual({ kind: 'email', value: 'ann@example.com' });
    expect(normaliseIdentifier('user_id', ' U-1 ')).toEqual({ kind: 'user_id', value: 'U-1' });
    for (const placeholder of ['', 'null', 'Unknown', 'TEST@test.com', '0', 'n/a']) expect(normaliseIdentifier('email', placeholder)).toBeNull();
    expect(normaliseIdentifier('email', 'not an address')).toBeNull();
    expect(normaliseIdentifier('user_id', 'x'.repeat(256))).toBeNull();
  });

  it('reads survey identifier keys by the company field names', () => {
    const fields = { email: 'user_email', uuid: 'member_no' };
    expect(identifierKindOfKey('user_email', fields)).toBe('email');
    expect(identifierKindOfKey('member_no', fields)).toBe('user_id');
    expect(identifierKindOfKey('anonymous_id', fields)).toBe('anonymous_id');
    expect(identifierKindOfKey('loyalty_card', fields)).toBe('loyalty_card');
  });

  it('joins records sharing an identifier and records why', () => {
    const graph = new IdentityGraph(5);
    graph.add([id('user_id', 'u1'), id('email', 'ann@example.com')], 'crm.csv', 1000);
    graph.add([id('email', 'ann@example.com')], 'Survey: NPS', 2000);
    graph.add([id('anonymous_id', 'a1')], 'Segment', 3000);
    graph.add([id('user_id', 'u1'), id('anonymous_id', 'a1')], 'Segment', 4000);
    const resolved = graph.resolve();
    expect(resolved.profileCount).toBe(1);
    expect(resolved.profileOf([id('anonymous_id', 'a1')])).toBe(resolved.profileOf([id('user_id', 'u1')]));
    expect(joinsOf(resolved).map((join) => [join.identifier.kind, join.source, join.profilesJoined, join.refused])).toEqual([
      ['email', 'Survey: NPS', 1, false],
      ['anonymous_id', 'Segment', 1, false],
    ]);
    expect(sightingsOf(resolved).find((sighting) => sighting.identifier.kind === 'email')).toMatchObject({ source: 'crm.csv', firstSeen: 1000 });
  });

  it('refuses a join that would make one profile of too many people', () => {
    const graph = new IdentityGraph(2);
    for (const user of ['u1', 'u2', 'u3']) graph.add([id('user_id', user), id('email', 'family@example.com')], 'crm.csv', null);
    const resolved = graph.resolve();
    expect(resolved.profileCount).toBe(2);
    expect(resolved.profileOf([id('user_id', 'u1')])).toBe(resolved.profileOf([id('user_id', 'u2')]));
    expect(resolved.profileOf([id('user_id', 'u3')])).not.toBe(resolved.profileOf([id('user_id', 'u1')]));
    const refused = joinsOf(resolved).filter((join) => join.refused);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ identifier: { kind: 'email', value: 'family@example.com' }, profilesJoined: 3 });
    expect(refused[0]!.reason).toContain('more than 2');
  });

  it('keeps records without identifiers, or with placeholders only, apart', () => {
    const graph = new IdentityGraph(5);
    graph.add([], 'Survey: NPS', null);
    graph.add([normaliseIdentifier('email', 'test@test.com')].filter((value): value is Identifier => value !== null), 'crm.csv', null);
    const resolved = graph.resolve();
    expect(resolved.profileCount).toBe(0);
    expect(resolved.profileOf([])).toBeNull();
    expect(graph.recordCount).toBe(2);
  });

  it('records a join once per source reaching a profile, past 32 sources', () => {
    const graph = new IdentityGraph(5);
    for (let source = 0; source < 40; source++) graph.add([id('user_id', 'u1')], `source ${source}`, source);
    // The same sources again: nothing new reaches the profile.
    for (let source = 0; source < 40; source++) graph.add([id('user_id', 'u1')], `source ${source}`, 100 + source);
    const resolved = graph.resolve();
    expect(joinsOf(resolved).map((join) => join.source)).toEqual(Array.from({ length: 39 }, (_, source) => `source ${source + 1}`));
    expect(resolved.sighting(0)).toMatchObject({ source: 'source 0', firstSeen: 0, profile: 0 });
  });

  it('records a refusal each time a record asks for the join again', () => {
    const graph = new IdentityGraph(1);
    graph.add([id('user_id', 'u1')], 'crm.csv', 1);
    graph.add([id('user_id', 'u2'), id('anonymous_id', 'a1')], 'web', 2);
    graph.add([id('user_id', 'u1'), id('anonymous_id', 'a1')], 'web', 3);
    graph.add([id('user_id', 'u1'), id('anonymous_id', 'a1')], 'web', 4);
    const refused = joinsOf(graph.resolve()).filter((join) => join.refused);
    expect(refused.map((join) => [join.identifier.value, join.at, join.profilesJoined])).toEqual([
      ['a1', 3, 2],
      ['a1', 4, 2],
    ]);
  });
});
