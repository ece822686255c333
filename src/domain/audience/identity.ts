/**
 * Identity resolution: which records are one person. Every identifier (a user id, an e-mail, an
 * anonymous id, a survey's custom identifier) is a node; the identifiers one record carries are
 * the same person's, so they are joined; a profile is a connected set of nodes (union-find).
 *
 * - Values are trimmed; e-mails are also lower-cased. Placeholder values (PLACEHOLDER_IDENTIFIER_VALUES)
 *   and over-long ones never become nodes, so "unknown" or "test@test.com" joins nobody.
 * - A profile counts as many people as it has distinct user ids or distinct e-mails, whichever is
 *   more (at least one). A join that would make a profile of more than `maxProfilesPerMerge` people
 *   is refused and recorded: a shared family address or a mistyped CRM key does not collapse a
 *   whole customer base into one profile.
 * - Every join is recorded: a record joining two known profiles, a record with a new identity
 *   (a new user id) joining a known profile through a shared identifier, and a record from a new
 *   source reaching a known profile (why a survey response and a CSV person are one profile).
 */
import { PLACEHOLDER_IDENTIFIER_VALUES } from './contract';

export const STANDARD_IDENTIFIER_KINDS = ['user_id', 'email', 'anonymous_id'] as const;
/** user_id, email, anonymous_id, or a survey's custom identifier field by its name. */
export type IdentifierKind = string;

export interface Identifier {
  kind: IdentifierKind;
  value: string;
}

/** Longer values are not identifiers (free text pasted into an id field). */
export const IDENTIFIER_MAX_LENGTH = 255;

const PLACEHOLDERS = new Set<string>(PLACEHOLDER_IDENTIFIER_VALUES);
const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;

/** Whether a value never joins profiles. */
export function isPlaceholderIdentifier(raw: string): boolean {
  return PLACEHOLDERS.has(raw.trim().toLowerCase());
}

/** The identifier as compared, or null when it cannot join anything. */
export function normaliseIdentifier(kind: IdentifierKind, raw: unknown): Identifier | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  let value = String(raw).trim();
  if (!value || value.length > IDENTIFIER_MAX_LENGTH || isPlaceholderIdentifier(value)) return null;
  if (kind === 'email') {
    value = value.toLowerCase();
    if (!EMAIL_LIKE.test(value)) return null;
  }
  return { kind, value };
}

/** The names a company gives its survey identifier fields (Survey Settings' identifierFields). */
export interface IdentifierFieldNames {
  email: string;
  uuid: string;
}

/**
 * The kind of a survey response's identifier key: the company's e-mail field (or any key naming
 * an e-mail) is an e-mail, its uuid field or user_id a user id, anonymous_id an anonymous id; any
 * other key is a custom identifier of that name.
 */
export function identifierKindOfKey(key: string, fields: IdentifierFieldNames): IdentifierKind {
  const lower = key.trim().toLowerCase();
  if (lower === fields.email.toLowerCase() || lower === 'email' || lower.endsWith('_email') || lower === 'e-mail') return 'email';
  if (lower === fields.uuid.toLowerCase() || lower === 'user_id' || lower === 'userid') return 'user_id';
  if (lower === 'anonymous_id' || lower === 'anonymousid') return 'anonymous_id';
  return key.trim();
}

/**
 * The identifiers of a record that names its values by field (a survey response's identifiers, the
 * widget's membership question): each key's kind by identifierKindOfKey, each value normalised;
 * placeholders and unusable values are dropped.
 */
export function keyedIdentifiers(given: Record<string, unknown>, fields: IdentifierFieldNames): Identifier[] {
  const identifiers: Identifier[] = [];
  for (const [key, value] of Object.entries(given)) {
    const identifier = normaliseIdentifier(identifierKindOfKey(key, fields), value);
    if (identifier) identifiers.push(identifier);
  }
  return identifiers;
}

export interface IdentityJoin {
  identifier: Identifier;
  source: string;
  at: number | null;
  /** The node of the record's first identifier: the profile the identifier joined (or would have). */
  anchor: number;
  profilesJoined: number;
  refused: boolean;
  reason: string | null;
}

export interface IdentifierSighting {
  identifier: Identifier;
  source: string;
  firstSeen: number | null;
}

export interface ResolvedIdentities {
  /** Profiles are numbered densely from 0. */
  profileCount: number;
  /** The profile of a record by its identifiers, or null when none is known (or it has none). */
  profileOf: (identifiers: Identifier[]) => number | null;
  /** Every identifier with the profile it belongs to and where it was first seen. */
  identifiers: Array<IdentifierSighting & { profile: number }>;
  /** Joins and refusals, with the profile each belongs to. */
  joins: Array<Omit<IdentityJoin, 'anchor'> & { profile: number }>;
}

const ANCHOR_ORDER: Record<string, number> = { user_id: 0, email: 1, anonymous_id: 3 };
const anchorRank = (kind: string) => ANCHOR_ORDER[kind] ?? 2;
/** A record's identifiers, strongest first: the first is the record's anchor in the graph. */
export const orderedForAnchor = (identifiers: Identifier[]) => [...identifiers].sort((a, b) => anchorRank(a.kind) - anchorRank(b.kind));
const nodeKey = (identifier: Identifier) => `${identifier.kind}\u0000${identifier.value}`;

export const refusalReason = (people: number, max: number) =>
  `Joining would make one profile of ${people} people (more than ${max}): kept apart`;

/**
 * The identity graph of one company. Add records in a fixed order (the result depends on it only
 * where a join was refused), then resolve.
 */
export class IdentityGraph {
  private readonly nodeIndex = new Map<string, number>();
  private readonly parent: number[] = [];
  private readonly userIds: Array<Set<string> | null> = [];
  private readonly emails: Array<Set<string> | null> = [];
  /** Sources seen on each root, so a join is recorded once per source reaching a profile. */
  private readonly sources: Array<Set<string> | null> = [];
  private readonly sightings: IdentifierSighting[] = [];
  private records = 0;
  private readonly joins: IdentityJoin[] = [];

  constructor(readonly maxProfilesPerMerge: number) {}

  get recordCount(): number {
    return this.records;
  }

  private find(node: number): number {
    let root = node;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[node] !== root) {
      const next = this.parent[node]!;
      this.parent[node] = root;
      node = next;
    }
    return root;
  }

  private people(root: number): number {
    return Math.max(1, this.userIds[root]?.size ?? 0, this.emails[root]?.size ?? 0);
  }

  private node(identifier: Identifier, source: string, at: number | null): { node: number; isNew: boolean } {
    const key = nodeKey(identifier);
    const known = this.nodeIndex.get(key);
    if (known !== undefined) {
      const sighting = this.sightings[known]!;
      if (at !== null && (sighting.firstSeen === null || at < sighting.firstSeen)) sighting.firstSeen = at;
      return { node: known, isNew: false };
    }
    const node = this.parent.length;
    this.nodeIndex.set(key, node);
    this.parent.push(node);
    this.userIds.push(identifier.kind === 'user_id' ? new Set([identifier.value]) : null);
    this.emails.push(identifier.kind === 'email' ? new Set([identifier.value]) : null);
    this.sources.push(new Set([source]));
    this.sightings.push({ identifier, source, firstSeen: at });
    return { node, isNew: true };
  }

  /**
   * Joins b's profile into a's when the result stays small enough; answers whether it did. A join
   * of two profiles known before this record is recorded; a new identifier joining is not a join.
   */
  private union(a: number, b: number, via: Identifier, source: string, at: number | null, anchor: number, fresh: Set<number>): boolean {
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA === rootB) return true;
    const userIds = new Set([...(this.userIds[rootA] ?? []), ...(this.userIds[rootB] ?? [])]);
    const emails = new Set([...(this.emails[rootA] ?? []), ...(this.emails[rootB] ?? [])]);
    const people = Math.max(1, userIds.size, emails.size);
    if (people > this.maxProfilesPerMerge) {
      this.joins.push({ identifier: via, source, at, anchor, profilesJoined: people, refused: true, reason: refusalReason(people, this.maxProfilesPerMerge) });
      return false;
    }
    // b is always another identifier of the record whose anchor is a: a known b means a profile
    // from before this record is joined (two known profiles, or a new person record joining one);
    // a new b is only one more identifier of the anchor's profile.
    const joinsKnown = !fresh.has(rootB);
    this.parent[rootB] = rootA;
    this.userIds[rootA] = userIds.size ? userIds : null;
    this.emails[rootA] = emails.size ? emails : null;
    for (const seen of this.sources[rootB]!) this.sources[rootA]!.add(seen);
    this.sources[rootB] = null;
    this.userIds[rootB] = null;
    this.emails[rootB] = null;
    // Having joined a known profile, the root is known for the rest of the record.
    if (!fresh.has(rootB)) fresh.delete(rootA);
    if (joinsKnown) this.joins.push({ identifier: via, source, at, anchor, profilesJoined: people, refused: false, reason: null });
    return true;
  }

  /**
   * One record's identifiers, from `source` at `at` (ms or null). A record without a usable
   * identifier joins nothing: it is its own profile.
   */
  add(identifiers: Identifier[], source: string, at: number | null): void {
    this.records++;
    const ordered = orderedForAnchor(identifiers);
    if (!ordered.length) return;
    const fresh = new Set<number>();
    const nodes = ordered.map((identifier) => {
      const made = this.node(identifier, source, at);
      if (made.isNew) fresh.add(made.node);
      return made.node;
    });
    // The first identifier already known: how this record reaches an existing profile.
    const knownIndex = nodes.findIndex((node) => !fresh.has(node));
    const sourceWasThere = knownIndex >= 0 && this.sources[this.find(nodes[knownIndex]!)]!.has(source);
    const joinsBefore = this.joins.length;
    const anchor = nodes[0]!;
    for (let index = 1; index < nodes.length; index++) this.union(anchor, nodes[index]!, ordered[index]!, source, at, anchor, fresh);
    const root = this.find(anchor);
    const recordedHere = this.joins.length > joinsBefore;
    if (knownIndex >= 0 && !sourceWasThere && !recordedHere && this.find(nodes[knownIndex]!) === root) {
      this.joins.push({ identifier: ordered[knownIndex]!, source, at, anchor, profilesJoined: this.people(root), refused: false, reason: null });
    }
    this.sources[root]!.add(source);
  }

  resolve(): ResolvedIdentities {
    const profileOfRoot = new Map<number, number>();
    let profileCount = 0;
    const profileOfNode = (node: number) => {
      const root = this.find(node);
      let profile = profileOfRoot.get(root);
      if (profile === undefined) {
        profile = profileCount++;
        profileOfRoot.set(root, profile);
      }
      return profile;
    };
    const identifiers = this.sightings.map((sighting, node) => ({ ...sighting, profile: profileOfNode(node) }));
    const joins = this.joins.map(({ anchor, ...join }) => ({ ...join, profile: profileOfNode(anchor) }));
    const profileOf = (candidates: Identifier[]): number | null => {
      const anchor = orderedForAnchor(candidates)[0];
      if (!anchor) return null;
      const node = this.nodeIndex.get(nodeKey(anchor));
      return node === undefined ? null : profileOfNode(node);
    };
    return { profileCount, profileOf, identifiers, joins };
  }
}
