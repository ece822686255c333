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

/** A join or a refusal, as resolved: the profile it belongs to is its anchor's. */
export interface ResolvedJoin {
  identifier: Identifier;
  source: string;
  at: number | null;
  profilesJoined: number;
  refused: boolean;
  reason: string | null;
  profile: number;
}

export interface IdentifierSighting {
  identifier: Identifier;
  source: string;
  firstSeen: number | null;
}

/**
 * The graph once resolved. Identifiers are nodes numbered from 0 in the order first seen, joins
 * numbered in the order recorded; both are read by index, so a million of them cost no more than
 * the graph's own arrays.
 */
export interface ResolvedIdentities {
  /** Profiles are numbered densely from 0, in the order of their first identifier. */
  profileCount: number;
  nodeCount: number;
  /** The profile of each node. */
  profileOfNode: Int32Array;
  /** The profile of a record by its identifiers, or null when none is known (or it has none). */
  profileOf: (identifiers: Identifier[]) => number | null;
  /** A node's identifier, where it was first seen and its profile. */
  sighting: (node: number) => IdentifierSighting & { profile: number };
  /** The node of an identifier, or -1 when no record had it (until forgetIdentifiers). */
  nodeOf: (identifier: Identifier) => number;
  /** Lets go of the lookup by identifier (nodeOf), the graph's largest part, for the rest of a build. */
  forgetIdentifiers: () => void;
  kindOf: (node: number) => IdentifierKind;
  valueOf: (node: number) => string;
  /** Where a node was first seen: its source, and when (null: never with a time). */
  firstSourceOf: (node: number) => string;
  firstSeenOf: (node: number) => number | null;
  joinCount: number;
  /** Join `index` (0 to joinCount - 1), in the order recorded; its parts one by one below. */
  join: (index: number) => ResolvedJoin;
  joinNode: (index: number) => number;
  joinSource: (index: number) => string;
  joinAt: (index: number) => number | null;
  joinPeople: (index: number) => number;
  joinRefused: (index: number) => boolean;
  joinProfile: (index: number) => number;
}

const ANCHOR_ORDER: Record<string, number> = { user_id: 0, email: 1, anonymous_id: 3 };
const anchorRank = (kind: string) => ANCHOR_ORDER[kind] ?? 2;
/** A record's identifiers, strongest first: the first is the record's anchor in the graph. */
export const orderedForAnchor = (identifiers: Identifier[]) => [...identifiers].sort((a, b) => anchorRank(a.kind) - anchorRank(b.kind));

/**
 * Whether identifier a outranks b as a profile's anchor, the one whose profile id a rebuild keeps:
 * the strongest kind, then the smallest kind and value.
 */
export function outranksAsAnchor(a: Identifier, b: Identifier): boolean {
  const rankA = anchorRank(a.kind);
  const rankB = anchorRank(b.kind);
  if (rankA !== rankB) return rankA < rankB;
  if (a.kind !== b.kind) return a.kind < b.kind;
  return a.value < b.value;
}

export const refusalReason = (people: number, max: number) =>
  `Joining would make one profile of ${people} people (more than ${max}): kept apart`;

const USER_ID = 0;
const EMAIL = 1;

/** A copy of `array` with room for at least `size` elements. */
function grown<Array extends Int32Array | Float64Array | Uint32Array | Uint8Array>(array: Array, size: number): Array {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (length: number) => Array)(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/**
 * The identity graph of one company. Add records in a fixed order (the result depends on it only
 * where a join was refused), then resolve.
 *
 * Kept in typed arrays indexed by node, for a million records' worth of identifiers: a profile
 * counts its distinct user ids and e-mails as counts on its root (two roots never share a node,
 * so never a value), and the sources that reached it as a bit set of interned source names.
 */
export class IdentityGraph {
  /** The node of each identifier, by kind then value. */
  private readonly nodeIndex = new Map<string, Map<string, number>>();
  private readonly kindNames: string[] = [];
  private readonly kindIds = new Map<string, number>();
  private readonly sourceNames: string[] = [];
  private readonly sourceIds = new Map<string, number>();
  private nodes = 0;
  private parent = new Int32Array(1024);
  private kinds = new Int32Array(1024);
  private readonly values: string[] = [];
  private userIds = new Int32Array(1024);
  private emails = new Int32Array(1024);
  /** Where each node was first seen (an interned source), and when (NaN: never with a time). */
  private firstSource = new Int32Array(1024);
  private firstSeen = new Float64Array(1024);
  /** Sources seen on each root, `words` 32-bit words per node: a join is recorded once per source reaching a profile. */
  private words = 1;
  private sources = new Uint32Array(1024);
  private joins = 0;
  private joinNode = new Int32Array(256);
  private joinSource = new Int32Array(256);
  private joinAt = new Float64Array(256);
  private joinAnchor = new Int32Array(256);
  private joinPeople = new Int32Array(256);
  private joinRefused = new Uint8Array(256);
  private records = 0;
  /** The nodes of the record being added, and which of them it made. */
  private readonly recordNodes: number[] = [];
  private readonly fresh: number[] = [];

  constructor(readonly maxProfilesPerMerge: number) {}

  get recordCount(): number {
    return this.records;
  }

  private find(node: number): number {
    const parent = this.parent;
    let root = node;
    while (parent[root] !== root) root = parent[root]!;
    while (parent[node] !== root) {
      const next = parent[node]!;
      parent[node] = root;
      node = next;
    }
    return root;
  }

  private people(root: number): number {
    return Math.max(1, this.userIds[root]!, this.emails[root]!);
  }

  private sourceOf(name: string): number {
    let id = this.sourceIds.get(name);
    if (id === undefined) {
      id = this.sourceNames.length;
      this.sourceNames.push(name);
      this.sourceIds.set(name, id);
      if (id >= this.words * 32) this.widenSources();
    }
    return id;
  }

  /** One more word of source bits per node (every 32 sources). */
  private widenSources(): void {
    const words = this.words + 1;
    const next = new Uint32Array(Math.max(this.parent.length, 1) * words);
    for (let node = 0; node < this.nodes; node++) {
      for (let word = 0; word < this.words; word++) next[node * words + word] = this.sources[node * this.words + word]!;
    }
    this.words = words;
    this.sources = next;
  }

  private hasSource(root: number, source: number): boolean {
    return (this.sources[root * this.words + (source >>> 5)]! & (1 << (source & 31))) !== 0;
  }

  private addSource(root: number, source: number): void {
    this.sources[root * this.words + (source >>> 5)]! |= 1 << (source & 31);
  }

  private kindId(kind: string): number {
    let id = this.kindIds.get(kind);
    if (id === undefined) {
      id = this.kindNames.length;
      this.kindNames.push(kind);
      this.kindIds.set(kind, id);
      this.nodeIndex.set(kind, new Map());
    }
    return id;
  }

  /** The node of an identifier, or -1 when it was never added. */
  nodeOf(identifier: Identifier): number {
    return this.nodeIndex.get(identifier.kind)?.get(identifier.value) ?? -1;
  }

  /** A node's value: the first string added for it, which callers can keep instead of their own copy. */
  valueOf(node: number): string {
    return this.values[node]!;
  }

  private node(identifier: Identifier, source: number, at: number | null): number {
    const kind = this.kindId(identifier.kind);
    const byValue = this.nodeIndex.get(identifier.kind)!;
    const known = byValue.get(identifier.value);
    if (known !== undefined) {
      if (at !== null && !(this.firstSeen[known]! <= at)) this.firstSeen[known] = at;
      return known;
    }
    const node = this.nodes++;
    if (node >= this.parent.length) {
      const size = node + 1;
      this.parent = grown(this.parent, size);
      this.kinds = grown(this.kinds, size);
      this.userIds = grown(this.userIds, size);
      this.emails = grown(this.emails, size);
      this.firstSource = grown(this.firstSource, size);
      this.firstSeen = grown(this.firstSeen, size);
    }
    if ((node + 1) * this.words > this.sources.length) this.sources = grown(this.sources, this.parent.length * this.words);
    byValue.set(identifier.value, node);
    this.parent[node] = node;
    this.kinds[node] = kind;
    this.values.push(identifier.value);
    this.userIds[node] = kind === USER_ID ? 1 : 0;
    this.emails[node] = kind === EMAIL ? 1 : 0;
    this.firstSource[node] = source;
    this.firstSeen[node] = at ?? Number.NaN;
    this.addSource(node, source);
    this.fresh.push(node);
    return node;
  }

  private recordJoin(node: number, source: number, at: number | null, anchor: number, people: number, refused: boolean): void {
    const index = this.joins++;
    if (index >= this.joinNode.length) {
      const size = index + 1;
      this.joinNode = grown(this.joinNode, size);
      this.joinSource = grown(this.joinSource, size);
      this.joinAt = grown(this.joinAt, size);
      this.joinAnchor = grown(this.joinAnchor, size);
      this.joinPeople = grown(this.joinPeople, size);
      this.joinRefused = grown(this.joinRefused, size);
    }
    this.joinNode[index] = node;
    this.joinSource[index] = source;
    this.joinAt[index] = at ?? Number.NaN;
    this.joinAnchor[index] = anchor;
    this.joinPeople[index] = people;
    this.joinRefused[index] = refused ? 1 : 0;
  }

  /**
   * Joins b's profile into a's when the result stays small enough; answers whether it did. A join
   * of two profiles known before this record is recorded; a new identifier joining is not a join.
   */
  private union(a: number, b: number, source: number, at: number | null, anchor: number): boolean {
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA === rootB) return true;
    const userIds = this.userIds[rootA]! + this.userIds[rootB]!;
    const emails = this.emails[rootA]! + this.emails[rootB]!;
    const people = Math.max(1, userIds, emails);
    if (people > this.maxProfilesPerMerge) {
      this.recordJoin(b, source, at, anchor, people, true);
      return false;
    }
    // b is always another identifier of the record whose anchor is a: a known b means a profile
    // from before this record is joined (two known profiles, or a new person record joining one);
    // a new b is only one more identifier of the anchor's profile.
    const fresh = this.fresh;
    const joinsKnown = !fresh.includes(rootB);
    this.parent[rootB] = rootA;
    this.userIds[rootA] = userIds;
    this.emails[rootA] = emails;
    for (let word = 0; word < this.words; word++) this.sources[rootA * this.words + word]! |= this.sources[rootB * this.words + word]!;
    // Having joined a known profile, the root is known for the rest of the record.
    if (joinsKnown) {
      const position = fresh.indexOf(rootA);
      if (position >= 0) fresh.splice(position, 1);
      this.recordJoin(b, source, at, anchor, people, false);
    }
    return true;
  }

  /**
   * One record's identifiers, from `source` at `at` (ms or null); answers the node of its anchor
   * (its profile's, once resolved), or -1 for a record without a usable identifier, which joins
   * nothing: it is its own profile.
   */
  add(identifiers: Identifier[], sourceName: string, at: number | null): number {
    this.records++;
    if (!identifiers.length) return -1;
    const ordered = identifiers.length === 1 ? identifiers : orderedForAnchor(identifiers);
    const source = this.sourceOf(sourceName);
    const nodes = this.recordNodes;
    nodes.length = 0;
    this.fresh.length = 0;
    for (const identifier of ordered) nodes.push(this.node(identifier, source, at));
    // The first identifier already known: how this record reaches an existing profile.
    let knownIndex = -1;
    for (let index = 0; index < nodes.length; index++) {
      if (!this.fresh.includes(nodes[index]!)) {
        knownIndex = index;
        break;
      }
    }
    const sourceWasThere = knownIndex >= 0 && this.hasSource(this.find(nodes[knownIndex]!), source);
    const joinsBefore = this.joins;
    const anchor = nodes[0]!;
    for (let index = 1; index < nodes.length; index++) this.union(anchor, nodes[index]!, source, at, anchor);
    const root = this.find(anchor);
    const recordedHere = this.joins > joinsBefore;
    if (knownIndex >= 0 && !sourceWasThere && !recordedHere && this.find(nodes[knownIndex]!) === root) {
      this.recordJoin(nodes[knownIndex]!, source, at, anchor, this.people(root), false);
    }
    this.addSource(root, source);
    return anchor;
  }

  resolve(): ResolvedIdentities {
    // Each array at its exact length: a graph grows by doubling, and is kept for the whole write.
    const nodes = this.nodes;
    const joins = this.joins;
    const kinds = this.kinds.slice(0, nodes);
    const firstSource = this.firstSource.slice(0, nodes);
    const firstSeen = this.firstSeen.slice(0, nodes);
    const joinNode = this.joinNode.slice(0, joins);
    const joinSource = this.joinSource.slice(0, joins);
    const joinAt = this.joinAt.slice(0, joins);
    const joinAnchor = this.joinAnchor.slice(0, joins);
    const joinPeople = this.joinPeople.slice(0, joins);
    const joinRefused = this.joinRefused.slice(0, joins);
    const profileOfRoot = new Int32Array(nodes).fill(-1);
    const profileOfNode = new Int32Array(nodes);
    let profileCount = 0;
    for (let node = 0; node < nodes; node++) {
      const root = this.find(node);
      if (profileOfRoot[root] === -1) profileOfRoot[root] = profileCount++;
      profileOfNode[node] = profileOfRoot[root]!;
    }
    const { kindNames, values, sourceNames, maxProfilesPerMerge } = this;
    let nodeIndex: Map<string, Map<string, number>> | null = this.nodeIndex;
    const nodeOf = (identifier: Identifier) => nodeIndex?.get(identifier.kind)?.get(identifier.value) ?? -1;
    const kindOf = (node: number) => kindNames[kinds[node]!]!;
    const valueOf = (node: number) => values[node]!;
    const identifierOf = (node: number): Identifier => ({ kind: kindOf(node), value: valueOf(node) });
    const timeOrNull = (time: number) => (Number.isNaN(time) ? null : time);
    const resolved: ResolvedIdentities = {
      profileCount,
      nodeCount: nodes,
      profileOfNode,
      profileOf: (candidates) => {
        const anchor = orderedForAnchor(candidates)[0];
        if (!anchor) return null;
        const node = nodeOf(anchor);
        return node === -1 ? null : profileOfNode[node]!;
      },
      sighting: (node) => ({ identifier: identifierOf(node), source: sourceNames[firstSource[node]!]!, firstSeen: timeOrNull(firstSeen[node]!), profile: profileOfNode[node]! }),
      nodeOf,
      forgetIdentifiers: () => {
        nodeIndex = null;
      },
      kindOf,
      valueOf,
      firstSourceOf: (node) => sourceNames[firstSource[node]!]!,
      firstSeenOf: (node) => timeOrNull(firstSeen[node]!),
      joinCount: joins,
      join: (index) => {
        const refused = joinRefused[index] === 1;
        const people = joinPeople[index]!;
        return {
          identifier: identifierOf(joinNode[index]!),
          source: sourceNames[joinSource[index]!]!,
          at: timeOrNull(joinAt[index]!),
          profilesJoined: people,
          refused,
          reason: refused ? refusalReason(people, maxProfilesPerMerge) : null,
          profile: profileOfNode[joinAnchor[index]!]!,
        };
      },
      joinNode: (index) => joinNode[index]!,
      joinSource: (index) => sourceNames[joinSource[index]!]!,
      joinAt: (index) => timeOrNull(joinAt[index]!),
      joinPeople: (index) => joinPeople[index]!,
      joinRefused: (index) => joinRefused[index] === 1,
      joinProfile: (index) => profileOfNode[joinAnchor[index]!]!,
    };
    return resolved;
  }
}
