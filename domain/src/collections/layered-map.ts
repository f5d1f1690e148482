import { emptyMap, hashOf, mapOf, type PersistentMap } from './persistent-map'

/**
 * A persistent map read from a snapshot lazily. The snapshot holds its entries in shards of
 * text (by key hash), decoded the first time a key in the shard is asked for, and a Bloom filter
 * of every key in them, so asking for a key that is not there (every new entry) decodes nothing.
 * Entries set since the snapshot live in an ordinary persistent map on top.
 *
 * A competition with 100,000 entries makes a snapshot of ~20 MB: decoding all of it took longer
 * than a buyer should wait. Decoding on demand is still a pure function of the snapshot (the
 * decoded shard is remembered, never changed), so the state stays an immutable value.
 */
export class LayeredMap<V> implements PersistentMap<V> {
  constructor(
    readonly base: ShardedBase<V>,
    readonly top: PersistentMap<V>,
    readonly size: number,
  ) {}

  get(key: string): V | undefined {
    return this.top.get(key) ?? this.base.get(key)
  }

  has(key: string): boolean {
    return this.top.has(key) || this.base.has(key)
  }

  set(key: string, value: V): PersistentMap<V> {
    const grew = !this.has(key)
    return new LayeredMap(this.base, this.top.set(key, value), grew ? this.size + 1 : this.size)
  }

  /** Entries are never removed from a competition; this flattens, which costs the whole map. */
  delete(key: string): PersistentMap<V> {
    return mapOf(this.entries()).delete(key)
  }

  values(): V[] {
    return this.entries().map(([, value]) => value)
  }

  keys(): string[] {
    return this.entries().map(([key]) => key)
  }

  entries(): Array<[string, V]> {
    const all = this.base.entries().filter(([key]) => !this.top.has(key))
    return all.concat(this.top.entries())
  }
}

/** The snapshot's part of a `LayeredMap`: shards of text, decoded once each when first needed. */
export class ShardedBase<V> {
  private readonly decoded: Array<PersistentMap<V> | undefined>

  constructor(
    /** Each shard's text, as the snapshot holds it; shard i holds the keys with hash % length = i. */
    readonly shards: readonly string[],
    readonly bloom: BloomFilter,
    private readonly decode: (text: string) => Array<[string, V]>,
  ) {
    this.decoded = new Array(shards.length)
  }

  get(key: string): V | undefined {
    if (!this.bloom.mightHave(key)) return undefined
    return this.shard(shardOf(key, this.shards.length)).get(key)
  }

  has(key: string): boolean {
    return this.bloom.mightHave(key) && this.shard(shardOf(key, this.shards.length)).has(key)
  }

  entries(): Array<[string, V]> {
    return this.shards.flatMap((_, i) => this.shard(i).entries())
  }

  /** Shards decoded so far: how lazily the snapshot has been read. */
  get decodedShards(): number {
    return this.decoded.filter((shard) => shard !== undefined).length
  }

  private shard(index: number): PersistentMap<V> {
    const known = this.decoded[index]
    if (known) return known
    const text = this.shards[index] ?? '[]'
    const map = text === '[]' ? emptyMap<V>() : mapOf(this.decode(text))
    this.decoded[index] = map
    return map
  }
}

export const shardOf = (key: string, shards: number) => hashOf(key) % shards

/** A second hash, independent of FNV-1a, for the filter's double hashing. */
function djb2(key: string): number {
  let hash = 5381
  for (let i = 0; i < key.length; i += 1) hash = (Math.imul(hash, 33) + key.charCodeAt(i)) >>> 0
  return hash >>> 0
}

/** How many probes per key: with 10 bits a key, about 1% false positives. */
const probes = 7
const bitsPerKey = 10

/**
 * A Bloom filter over strings: never says no to a key it holds, and says yes to about 1% of the
 * keys it does not. Kept as hex so the snapshot stays plain JSON text.
 */
export class BloomFilter {
  private constructor(private readonly bits: Uint8Array) {}

  static of(keys: readonly string[]): BloomFilter {
    const bytes = Math.max(16, Math.ceil((keys.length * bitsPerKey) / 8))
    const filter = new BloomFilter(new Uint8Array(bytes))
    for (const key of keys) filter.add(key)
    return filter
  }

  static fromHex(hex: string): BloomFilter {
    const bits = new Uint8Array(hex.length / 2)
    for (let i = 0; i < bits.length; i += 1) bits[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
    return new BloomFilter(bits)
  }

  toHex(): string {
    let hex = ''
    for (const byte of this.bits) hex += byte.toString(16).padStart(2, '0')
    return hex
  }

  mightHave(key: string): boolean {
    const size = this.bits.length * 8
    const h1 = hashOf(key)
    const h2 = djb2(key) | 1
    for (let i = 0; i < probes; i += 1) {
      const bit = (h1 + Math.imul(i, h2)) >>> 0
      const at = bit % size
      if (((this.bits[at >> 3] as number) & (1 << (at & 7))) === 0) return false
    }
    return true
  }

  private add(key: string): void {
    const size = this.bits.length * 8
    const h1 = hashOf(key)
    const h2 = djb2(key) | 1
    for (let i = 0; i < probes; i += 1) {
      const at = ((h1 + Math.imul(i, h2)) >>> 0) % size
      this.bits[at >> 3] = (this.bits[at >> 3] as number) | (1 << (at & 7))
    }
  }
}
