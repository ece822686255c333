/**
 * The audience build's memory, sized for a million records: what each record gives its profile
 * (a ledger, kept while the records are read, before anyone knows which profile that is), and the
 * running totals of every profile (added up from the ledger once identities are resolved, in the
 * order the records were read). Both are columns of typed arrays indexed by record or by profile,
 * with strings interned where they repeat (sources, devices, item categories): a profile costs a
 * few hundred bytes, not the kilobytes of an object with sets and maps of its own.
 */
import { DAY_MS } from '@domain/audience/scoring';
import type { Identifier } from '@domain/audience/identity';

/** Strings numbered in the order first met. */
export class Interned {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();

  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }
}

/** Typed arrays that grow as records are read. */
class Column<Values extends Int32Array | Float64Array | Uint8Array> {
  values: Values;
  constructor(private readonly make: (length: number) => Values) {
    this.values = make(1024);
  }

  set(index: number, value: number): void {
    if (index >= this.values.length) {
      const next = this.make(Math.max(index + 1, this.values.length * 2));
      next.set(this.values);
      this.values = next;
    }
    this.values[index] = value;
  }
}

const int32 = () => new Column((length) => new Int32Array(length));
const float64 = () => new Column((length) => new Float64Array(length));
const uint8 = () => new Column((length) => new Uint8Array(length));

/**
 * A record's user id and e-mail, as its profile may take them: the graph's nodes where they are
 * identifiers (the ledger keeps no copy of a million events' ids), or a user id that is not an
 * identifier (a placeholder, say) as text.
 */
export interface RecordIds {
  userIdNode: number;
  userIdText: string | null;
  emailNode: number;
}

/** What a people record gives its profile (already read from its unified values). */
export interface PersonFacts extends RecordIds {
  source: number;
  sourceBit: number;
  name: string | null;
  account: string | null;
  age: number | null;
  location: string | null;
  createdAt: number | null;
  lastLogin: number | null;
  /** At most 40 characters. */
  subscriptionStatus: string | null;
  updatedAt: number;
  /** The larger of its ltv and revenue, at least 0. */
  declaredLtv: number;
  /** Lower-cased, at most 10 characters. */
  deviceType: string | null;
}

/** What an event gives its profile. */
export interface EventFacts extends RecordIds {
  source: number;
  sourceBit: number;
  at: number | null;
  /** Lower-cased (the whole value: only the stored device type is cut to 10 characters). */
  device: string | null;
  isCart: boolean;
  isPurchase: boolean;
  /** A purchase's revenue, or 0. */
  revenue: number;
  category: string | null;
}

/** What a survey response gives its profile. */
export interface ResponseFacts {
  source: number;
  sourceBit: number;
  identifiers: Identifier[];
  device: string | null;
  at: number | null;
  completionSeconds: number;
  /** At most 64 characters. */
  ipAddress: string | null;
  /** Answers bound to a data type, in the survey's order: [field, value]. */
  answers: Array<[string, string | number | boolean]>;
}

/**
 * Every record's facts, in the order read (people, events, survey responses), each with the node
 * of its anchor identifier in the identity graph (-1: a record without one, a profile of its own).
 * People and events are kept in columns; strings that repeat from record to record (devices,
 * subscription states, locations, item categories, sources) are interned.
 */
export class RecordLedger {
  readonly sources = new Interned();
  private readonly words = new Interned();
  private people = 0;
  private readonly personAnchor = int32();
  private readonly personSource = int32();
  private readonly personSourceBit = uint8();
  private readonly personUserIdNode = int32();
  private readonly personEmailNode = int32();
  private readonly personName: Array<string | null> = [];
  private readonly personAccount: Array<string | null> = [];
  private readonly personAge = float64();
  private readonly personLocation = int32();
  private readonly personCreatedAt = float64();
  private readonly personLastLogin = float64();
  private readonly personStatus = int32();
  private readonly personUpdatedAt = float64();
  private readonly personLtv = float64();
  private readonly personDevice = int32();
  private events = 0;
  private readonly eventAnchor = int32();
  private readonly eventSource = int32();
  private readonly eventSourceBit = uint8();
  private readonly eventUserIdNode = int32();
  private readonly eventEmailNode = int32();
  private readonly eventAt = float64();
  private readonly eventDevice = int32();
  private readonly eventFlags = uint8();
  private readonly eventRevenue = float64();
  private readonly eventCategory = int32();
  /** User ids that are no identifier (NO_NODE_TEXT in the node column), by record. */
  private readonly personUserIdText = new Map<number, string>();
  private readonly eventUserIdText = new Map<number, string>();
  private readonly responses: Array<ResponseFacts & { anchor: number }> = [];
  /** Records without an identifier: each is a profile of its own. */
  private unidentified = 0;

  private word(text: string | null): number {
    return text === null ? -1 : this.words.id(text);
  }

  private ids(index: number, ids: RecordIds, userIdNode: Column<Int32Array>, emailNode: Column<Int32Array>, userIdText: Map<number, string>): void {
    if (ids.userIdNode === -1 && ids.userIdText !== null) {
      userIdNode.set(index, NO_NODE_TEXT);
      userIdText.set(index, ids.userIdText);
    } else userIdNode.set(index, ids.userIdNode);
    emailNode.set(index, ids.emailNode);
  }

  addPerson(anchor: number, facts: PersonFacts): void {
    if (anchor === -1) this.unidentified++;
    const index = this.people++;
    this.personAnchor.set(index, anchor);
    this.personSource.set(index, facts.source);
    this.personSourceBit.set(index, facts.sourceBit);
    this.ids(index, facts, this.personUserIdNode, this.personEmailNode, this.personUserIdText);
    this.personName.push(facts.name);
    this.personAccount.push(facts.account);
    this.personAge.set(index, facts.age ?? Number.NaN);
    this.personLocation.set(index, this.word(facts.location));
    this.personCreatedAt.set(index, facts.createdAt ?? Number.NaN);
    this.personLastLogin.set(index, facts.lastLogin ?? Number.NaN);
    this.personStatus.set(index, this.word(facts.subscriptionStatus));
    this.personUpdatedAt.set(index, facts.updatedAt);
    this.personLtv.set(index, facts.declaredLtv);
    this.personDevice.set(index, this.word(facts.deviceType));
  }

  addEvent(anchor: number, facts: EventFacts): void {
    if (anchor === -1) this.unidentified++;
    const index = this.events++;
    this.eventAnchor.set(index, anchor);
    this.eventSource.set(index, facts.source);
    this.eventSourceBit.set(index, facts.sourceBit);
    this.ids(index, facts, this.eventUserIdNode, this.eventEmailNode, this.eventUserIdText);
    this.eventAt.set(index, facts.at ?? Number.NaN);
    this.eventDevice.set(index, this.word(facts.device));
    this.eventFlags.set(index, (facts.isCart ? CART : 0) | (facts.isPurchase ? PURCHASE : 0));
    this.eventRevenue.set(index, facts.revenue);
    this.eventCategory.set(index, this.word(facts.category));
  }

  addResponse(anchor: number, facts: ResponseFacts): void {
    if (anchor === -1) this.unidentified++;
    this.responses.push({ ...facts, anchor });
  }

  /**
   * Every record added to its profile's totals, in the order read. `profileOfNode` maps anchors to
   * profiles 0 to profileCount - 1; records without an anchor get the profiles after them, in order.
   */
  totals(graph: { profileOfNode: Int32Array; profileCount: number; valueOf: (node: number) => string }, now: number, recentWindowMs: number): ProfileTotals {
    const { profileOfNode, valueOf } = graph;
    const totals = new ProfileTotals(graph.profileCount + this.unidentified, this.sources.names.length);
    let nextOwn = graph.profileCount;
    const profileOf = (anchor: number) => (anchor === -1 ? nextOwn++ : profileOfNode[anchor]!);
    const words = this.words.names;
    const word = (id: number) => (id === -1 ? null : words[id]!);
    const time = (value: number) => (Number.isNaN(value) ? null : value);
    const userIdOf = (node: number, index: number, texts: Map<number, string>) => (node >= 0 ? valueOf(node) : node === NO_NODE_TEXT ? texts.get(index)! : null);
    for (let index = 0; index < this.people; index++) {
      totals.addPerson(profileOf(this.personAnchor.values[index]!), {
        source: this.personSource.values[index]!,
        sourceBit: this.personSourceBit.values[index]!,
        userId: userIdOf(this.personUserIdNode.values[index]!, index, this.personUserIdText),
        email: this.personEmailNode.values[index]! >= 0 ? valueOf(this.personEmailNode.values[index]!) : null,
        name: this.personName[index]!,
        account: this.personAccount[index]!,
        age: time(this.personAge.values[index]!),
        location: word(this.personLocation.values[index]!),
        createdAt: time(this.personCreatedAt.values[index]!),
        lastLogin: time(this.personLastLogin.values[index]!),
        subscriptionStatus: word(this.personStatus.values[index]!),
        updatedAt: this.personUpdatedAt.values[index]!,
        declaredLtv: this.personLtv.values[index]!,
        deviceType: word(this.personDevice.values[index]!),
      });
    }
    const recentSince = now - recentWindowMs;
    const previousSince = now - 2 * recentWindowMs;
    const event: EventTotals = { source: 0, sourceBit: 0, userId: null, email: null, at: null, device: null, isCart: false, isPurchase: false, revenue: 0, category: null };
    for (let index = 0; index < this.events; index++) {
      const flags = this.eventFlags.values[index]!;
      event.source = this.eventSource.values[index]!;
      event.sourceBit = this.eventSourceBit.values[index]!;
      event.userId = userIdOf(this.eventUserIdNode.values[index]!, index, this.eventUserIdText);
      event.email = this.eventEmailNode.values[index]! >= 0 ? valueOf(this.eventEmailNode.values[index]!) : null;
      event.at = time(this.eventAt.values[index]!);
      event.device = word(this.eventDevice.values[index]!);
      event.isCart = (flags & CART) !== 0;
      event.isPurchase = (flags & PURCHASE) !== 0;
      event.revenue = this.eventRevenue.values[index]!;
      event.category = word(this.eventCategory.values[index]!);
      totals.addEvent(profileOf(this.eventAnchor.values[index]!), event, recentSince, previousSince);
    }
    for (const response of this.responses) totals.addResponse(profileOf(response.anchor), response);
    totals.countActiveDays();
    return totals;
  }
}

/** A user id kept as text (in the ledger's map), not as a node. */
const NO_NODE_TEXT = -2;
const CART = 1;
const PURCHASE = 2;

const isHandheld = (device: string | null) => device === 'mobile' || device === 'tablet';

/** A record's facts as they go into its profile's totals: its user id and e-mail as text. */
type WithIds<Facts> = Omit<Facts, keyof RecordIds> & { userId: string | null; email: string | null };
type PersonTotals = WithIds<PersonFacts>;
type EventTotals = WithIds<EventFacts>;

/**
 * The running totals of every profile, as the build's rules add records up: the first value
 * seen of a name or an e-mail, the latest of a device or a subscription status, sums and counts.
 * A null time is NaN here; a time compared with `>=` starts at -Infinity.
 */
export class ProfileTotals {
  readonly present: Uint8Array;
  readonly userId: Array<string | null>;
  readonly email: Array<string | null>;
  readonly name: Array<string | null>;
  readonly account: Array<string | null>;
  readonly location: Array<string | null>;
  readonly subscriptionStatus: Array<string | null>;
  readonly deviceType: Array<string | null>;
  readonly ipAddress: Array<string | null>;
  readonly age: Float64Array;
  readonly createdAt: Float64Array;
  readonly firstSeen: Float64Array;
  readonly lastSeen: Float64Array;
  readonly lastLogin: Float64Array;
  readonly subscriptionAt: Float64Array;
  readonly deviceAt: Float64Array;
  readonly ipAt: Float64Array;
  readonly declaredLtv: Float64Array;
  readonly eventRevenue: Float64Array;
  readonly completionSeconds: Float64Array;
  readonly sourceMask: Int32Array;
  readonly surveyCount: Int32Array;
  readonly eventCount: Int32Array;
  readonly recentEvents: Int32Array;
  readonly previousEvents: Int32Array;
  readonly mobileEvents: Int32Array;
  readonly desktopEvents: Int32Array;
  readonly weekendEvents: Int32Array;
  readonly weekdayEvents: Int32Array;
  readonly cartAdds: Int32Array;
  readonly purchases: Int32Array;
  /** Distinct UTC days with a timed event or response (countActiveDays, once every record is in). */
  readonly activeDays: Int32Array;
  /** The names of the sources that reached each profile, as bits of the interned source numbers. */
  private readonly sourceBits: Uint32Array;
  private readonly sourceWords: number;
  readonly categoryViews = new Map<number, Record<string, number>>();
  readonly attributes = new Map<number, Record<string, string | number | boolean>>();
  /** Each timed record's profile and UTC day, for countActiveDays. */
  private dayProfiles = new Int32Array(1024);
  private days = new Float64Array(1024);
  private dayCount = 0;

  constructor(
    readonly count: number,
    sourceCount: number,
  ) {
    const strings = () => new Array<string | null>(count).fill(null);
    const times = (start: number) => new Float64Array(count).fill(start);
    this.present = new Uint8Array(count);
    this.userId = strings();
    this.email = strings();
    this.name = strings();
    this.account = strings();
    this.location = strings();
    this.subscriptionStatus = strings();
    this.deviceType = strings();
    this.ipAddress = strings();
    this.age = times(Number.NaN);
    this.createdAt = times(Number.NaN);
    this.firstSeen = times(Number.NaN);
    this.lastSeen = times(Number.NaN);
    this.lastLogin = times(Number.NaN);
    this.subscriptionAt = times(-Infinity);
    this.deviceAt = times(-Infinity);
    this.ipAt = times(-Infinity);
    this.declaredLtv = new Float64Array(count);
    this.eventRevenue = new Float64Array(count);
    this.completionSeconds = new Float64Array(count);
    this.sourceMask = new Int32Array(count);
    this.surveyCount = new Int32Array(count);
    this.eventCount = new Int32Array(count);
    this.recentEvents = new Int32Array(count);
    this.previousEvents = new Int32Array(count);
    this.mobileEvents = new Int32Array(count);
    this.desktopEvents = new Int32Array(count);
    this.weekendEvents = new Int32Array(count);
    this.weekdayEvents = new Int32Array(count);
    this.cartAdds = new Int32Array(count);
    this.purchases = new Int32Array(count);
    this.activeDays = new Int32Array(count);
    this.sourceWords = Math.max(1, Math.ceil(sourceCount / 32));
    this.sourceBits = new Uint32Array(count * this.sourceWords);
  }

  /** The interned numbers of the sources that reached `profile`. */
  sourcesOf(profile: number): number[] {
    const found: number[] = [];
    for (let word = 0; word < this.sourceWords; word++) {
      const bits = this.sourceBits[profile * this.sourceWords + word]!;
      if (!bits) continue;
      for (let bit = 0; bit < 32; bit++) if (bits & (1 << bit)) found.push(word * 32 + bit);
    }
    return found;
  }

  private reached(profile: number, source: number, sourceBit: number): void {
    this.present[profile] = 1;
    this.sourceMask[profile]! |= sourceBit;
    this.sourceBits[profile * this.sourceWords + (source >>> 5)]! |= 1 << (source & 31);
  }

  private seen(profile: number, at: number): void {
    if (!(this.firstSeen[profile]! <= at)) this.firstSeen[profile] = at;
    if (!(this.lastSeen[profile]! >= at)) this.lastSeen[profile] = at;
  }

  private activity(profile: number, at: number | null, device: string | null): void {
    if (device) {
      if (isHandheld(device)) this.mobileEvents[profile]!++;
      else if (device === 'desktop') this.desktopEvents[profile]!++;
    }
    if (at === null) return;
    this.seen(profile, at);
    const index = this.dayCount++;
    if (index >= this.days.length) {
      const dayProfiles = new Int32Array(this.days.length * 2);
      dayProfiles.set(this.dayProfiles);
      this.dayProfiles = dayProfiles;
      const days = new Float64Array(this.days.length * 2);
      days.set(this.days);
      this.days = days;
    }
    this.dayProfiles[index] = profile;
    this.days[index] = Math.floor(at / DAY_MS);
  }

  addPerson(profile: number, person: PersonTotals): void {
    this.reached(profile, person.source, person.sourceBit);
    this.userId[profile] ??= person.userId;
    this.email[profile] ??= person.email;
    this.name[profile] ??= person.name;
    this.account[profile] ??= person.account;
    if (Number.isNaN(this.age[profile]!) && person.age !== null) this.age[profile] = person.age;
    this.location[profile] ??= person.location;
    if (person.createdAt !== null && !(this.createdAt[profile]! <= person.createdAt)) this.createdAt[profile] = person.createdAt;
    if (person.lastLogin !== null && !(this.lastLogin[profile]! >= person.lastLogin)) this.lastLogin[profile] = person.lastLogin;
    if (person.subscriptionStatus && person.updatedAt >= this.subscriptionAt[profile]!) {
      this.subscriptionStatus[profile] = person.subscriptionStatus;
      this.subscriptionAt[profile] = person.updatedAt;
    }
    this.declaredLtv[profile] = Math.max(this.declaredLtv[profile]!, person.declaredLtv);
    if (person.deviceType && person.updatedAt >= this.deviceAt[profile]!) {
      this.deviceType[profile] = person.deviceType;
      this.deviceAt[profile] = person.updatedAt;
    }
  }

  addEvent(profile: number, event: EventTotals, recentSince: number, previousSince: number): void {
    this.reached(profile, event.source, event.sourceBit);
    this.userId[profile] ??= event.userId;
    this.email[profile] ??= event.email;
    this.eventCount[profile]!++;
    const { at, device } = event;
    this.activity(profile, at, device);
    if (device && at !== null && at >= this.deviceAt[profile]!) {
      this.deviceType[profile] = device.slice(0, 10);
      this.deviceAt[profile] = at;
    }
    if (at !== null) {
      if (at >= recentSince) this.recentEvents[profile]!++;
      else if (at >= previousSince) this.previousEvents[profile]!++;
      const weekday = new Date(at).getUTCDay();
      if (weekday === 0 || weekday === 6) this.weekendEvents[profile]!++;
      else this.weekdayEvents[profile]!++;
    }
    if (event.isCart) this.cartAdds[profile]!++;
    if (event.isPurchase) {
      this.purchases[profile]!++;
      this.eventRevenue[profile]! += event.revenue;
    }
    if (event.category) {
      let views = this.categoryViews.get(profile);
      if (!views) this.categoryViews.set(profile, (views = {}));
      views[event.category] = (views[event.category] ?? 0) + 1;
    }
  }

  private attributesOf(profile: number): Record<string, string | number | boolean> {
    let attributes = this.attributes.get(profile);
    if (!attributes) this.attributes.set(profile, (attributes = {}));
    return attributes;
  }

  addResponse(profile: number, response: ResponseFacts): void {
    this.reached(profile, response.source, response.sourceBit);
    const { at, device } = response;
    this.surveyCount[profile]!++;
    this.completionSeconds[profile]! += response.completionSeconds;
    this.activity(profile, at, device);
    for (const identifier of response.identifiers) {
      if (identifier.kind === 'user_id') this.userId[profile] ??= identifier.value;
      else if (identifier.kind === 'email') this.email[profile] ??= identifier.value;
      else if (identifier.kind !== 'anonymous_id') this.attributesOf(profile)[identifier.kind] = identifier.value;
    }
    if (device && (at ?? 0) >= this.deviceAt[profile]!) {
      this.deviceType[profile] = device.slice(0, 10);
      this.deviceAt[profile] = at ?? 0;
    }
    if (response.ipAddress && (at ?? 0) >= this.ipAt[profile]!) {
      this.ipAddress[profile] = response.ipAddress;
      this.ipAt[profile] = at ?? 0;
    }
    for (const [field, value] of response.answers) this.attributesOf(profile)[field] = value;
  }

  /** Distinct days per profile: the timed records bucketed by profile, each bucket's days sorted. */
  countActiveDays(): void {
    const starts = new Int32Array(this.count + 1);
    for (let index = 0; index < this.dayCount; index++) starts[this.dayProfiles[index]! + 1]!++;
    for (let profile = 0; profile < this.count; profile++) starts[profile + 1]! += starts[profile]!;
    const next = starts.slice(0, this.count);
    const byProfile = new Float64Array(this.dayCount);
    for (let index = 0; index < this.dayCount; index++) byProfile[next[this.dayProfiles[index]!]!++] = this.days[index]!;
    for (let profile = 0; profile < this.count; profile++) {
      const days = byProfile.subarray(starts[profile]!, starts[profile + 1]!).sort();
      let distinct = 0;
      for (let index = 0; index < days.length; index++) if (index === 0 || days[index] !== days[index - 1]) distinct++;
      this.activeDays[profile] = distinct;
    }
    this.dayProfiles = new Int32Array(0);
    this.days = new Float64Array(0);
    this.dayCount = 0;
  }
}
