/**
 * An immutable map from strings to values with O(log32 n) `get`, `set` and `delete`: a hash
 * array mapped trie (Bagwell), the structure behind Clojure's and Scala's persistent maps.
 * An update copies only the path to its key (at most 7 nodes of at most 32 slots), and every
 * older version stays valid and unchanged.
 *
 * A competition keeps its entries in one of these. With a plain record, each event copied every
 * entry, so folding a stream of n entries cost n²; here it costs n·log32(n), which for any
 * competition that can exist is a small constant per event. Because old versions never change,
 * the command handler can decide a batch of commands on speculative states and simply drop them
 * when the append fails, and hand each caller the state after its own command.
 */
export interface PersistentMap<V> {
  readonly size: number
  get(key: string): V | undefined
  has(key: string): boolean
  set(key: string, value: V): PersistentMap<V>
  delete(key: string): PersistentMap<V>
  /** Every value, in no particular order (hash order). */
  values(): V[]
  keys(): string[]
  entries(): Array<[string, V]>
}

const bits = 5
const width = 1 << bits
const mask = width - 1
/** Past this shift the 32-bit hash is used up; keys left sharing a node are kept in a list. */
const maxShift = 30

interface Leaf<V> {
  readonly kind: 0
  readonly hash: number
  readonly key: string
  readonly value: V
}

/** Children present for the set bits of `bitmap`, in bit order. */
interface Branch<V> {
  readonly kind: 1
  readonly bitmap: number
  readonly children: readonly Node<V>[]
}

/** Keys whose hashes are equal in every bit. */
interface Collision<V> {
  readonly kind: 2
  readonly hash: number
  readonly leaves: readonly Leaf<V>[]
}

type Node<V> = Leaf<V> | Branch<V> | Collision<V>

/** FNV-1a over UTF-16 code units: fast, and spreads ids and uuids evenly. */
export function hashOf(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

function popcount(n: number): number {
  let x = n - ((n >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

const fragment = (hash: number, shift: number) => (hash >>> shift) & mask

function lookup<V>(node: Node<V> | undefined, hash: number, key: string, shift: number): Leaf<V> | undefined {
  let current = node
  let level = shift
  for (;;) {
    if (current === undefined) return undefined
    if (current.kind === 0) return current.key === key ? current : undefined
    if (current.kind === 2) return current.leaves.find((leaf) => leaf.key === key)
    const bit = 1 << fragment(hash, level)
    if ((current.bitmap & bit) === 0) return undefined
    current = current.children[popcount(current.bitmap & (bit - 1))]
    level += bits
  }
}

/** A node holding two leaves whose hashes first differ at or below `shift`. */
function pair<V>(a: Leaf<V>, b: Leaf<V>, shift: number): Node<V> {
  if (shift > maxShift) return { kind: 2, hash: a.hash, leaves: [a, b] }
  const fa = fragment(a.hash, shift)
  const fb = fragment(b.hash, shift)
  if (fa === fb) return { kind: 1, bitmap: 1 << fa, children: [pair(a, b, shift + bits)] }
  return { kind: 1, bitmap: (1 << fa) | (1 << fb), children: fa < fb ? [a, b] : [b, a] }
}

function withChild<V>(children: readonly Node<V>[], index: number, child: Node<V>): Node<V>[] {
  const copy = children.slice()
  copy[index] = child
  return copy
}

/** The node with `leaf` put in; `grew` says whether a key was added rather than replaced. */
function insert<V>(node: Node<V>, leaf: Leaf<V>, shift: number, grew: { value: boolean }): Node<V> {
  if (node.kind === 0) {
    if (node.key === leaf.key) return leaf
    grew.value = true
    return pair(node, leaf, shift)
  }
  if (node.kind === 2) {
    const at = node.leaves.findIndex((l) => l.key === leaf.key)
    if (at === -1) grew.value = true
    const leaves = at === -1 ? [...node.leaves, leaf] : node.leaves.map((l, i) => (i === at ? leaf : l))
    return { kind: 2, hash: node.hash, leaves }
  }
  const bit = 1 << fragment(leaf.hash, shift)
  const index = popcount(node.bitmap & (bit - 1))
  if ((node.bitmap & bit) === 0) {
    grew.value = true
    const children = node.children.slice()
    children.splice(index, 0, leaf)
    return { kind: 1, bitmap: node.bitmap | bit, children }
  }
  const child = node.children[index] as Node<V>
  return {
    kind: 1,
    bitmap: node.bitmap,
    children: withChild(node.children, index, insert(child, leaf, shift + bits, grew)),
  }
}

/** The node without `key`, undefined when nothing is left; the same node when the key is absent. */
function remove<V>(node: Node<V>, hash: number, key: string, shift: number): Node<V> | undefined {
  if (node.kind === 0) return node.key === key ? undefined : node
  if (node.kind === 2) {
    const leaves = node.leaves.filter((l) => l.key !== key)
    if (leaves.length === node.leaves.length) return node
    return leaves.length === 1 ? leaves[0] : { kind: 2, hash: node.hash, leaves }
  }
  const bit = 1 << fragment(hash, shift)
  if ((node.bitmap & bit) === 0) return node
  const index = popcount(node.bitmap & (bit - 1))
  const child = node.children[index] as Node<V>
  const next = remove(child, hash, key, shift + bits)
  if (next === child) return node
  if (next !== undefined) {
    // A lone leaf moves up, so a path never ends in a branch holding a single leaf.
    if (next.kind === 0 && node.children.length === 1) return next
    return { kind: 1, bitmap: node.bitmap, children: withChild(node.children, index, next) }
  }
  const bitmap = node.bitmap & ~bit
  if (bitmap === 0) return undefined
  const children = node.children.filter((_, i) => i !== index)
  const only = children[0]
  if (children.length === 1 && only !== undefined && only.kind !== 1) return only
  return { kind: 1, bitmap, children }
}

/** Visits every leaf; plain recursion, several times faster than a generator over a large map. */
function walk<V>(node: Node<V> | undefined, visit: (leaf: Leaf<V>) => void): void {
  if (node === undefined) return
  if (node.kind === 0) {
    visit(node)
  } else if (node.kind === 2) {
    for (const leaf of node.leaves) visit(leaf)
  } else {
    for (const child of node.children) walk(child, visit)
  }
}

/**
 * `insert` for a map being built from scratch: every node it meets was made by this build and
 * is seen by nobody else yet, so it is changed in place instead of copied.
 */
function insertFresh<V>(node: Node<V>, leaf: Leaf<V>, shift: number, grew: { value: boolean }): Node<V> {
  if (node.kind !== 1) return insert(node, leaf, shift, grew)
  const bit = 1 << fragment(leaf.hash, shift)
  const index = popcount(node.bitmap & (bit - 1))
  const children = node.children as Node<V>[]
  if ((node.bitmap & bit) === 0) {
    grew.value = true
    children.splice(index, 0, leaf)
    ;(node as { bitmap: number }).bitmap = node.bitmap | bit
    return node
  }
  children[index] = insertFresh(children[index] as Node<V>, leaf, shift + bits, grew)
  return node
}

class Hamt<V> implements PersistentMap<V> {
  constructor(
    private readonly root: Node<V> | undefined,
    readonly size: number,
  ) {}

  get(key: string): V | undefined {
    return lookup(this.root, hashOf(key), key, 0)?.value
  }

  has(key: string): boolean {
    return lookup(this.root, hashOf(key), key, 0) !== undefined
  }

  set(key: string, value: V): PersistentMap<V> {
    const leaf: Leaf<V> = { kind: 0, hash: hashOf(key), key, value }
    if (this.root === undefined) return new Hamt<V>(leaf, 1)
    const grew = { value: false }
    const root = insert(this.root, leaf, 0, grew)
    return new Hamt<V>(root, grew.value ? this.size + 1 : this.size)
  }

  delete(key: string): PersistentMap<V> {
    if (this.root === undefined) return this
    const root = remove(this.root, hashOf(key), key, 0)
    return root === this.root ? this : new Hamt<V>(root, this.size - 1)
  }

  values(): V[] {
    const values: V[] = []
    walk(this.root, (leaf) => values.push(leaf.value))
    return values
  }

  keys(): string[] {
    const keys: string[] = []
    walk(this.root, (leaf) => keys.push(leaf.key))
    return keys
  }

  entries(): Array<[string, V]> {
    const entries: Array<[string, V]> = []
    walk(this.root, (leaf) => entries.push([leaf.key, leaf.value]))
    return entries
  }
}

const empty = new Hamt<never>(undefined, 0)

export function emptyMap<V>(): PersistentMap<V> {
  return empty as PersistentMap<V>
}

/** A map of `pairs` (a later pair wins over an earlier one with the same key). */
export function mapOf<V>(pairs: Iterable<readonly [string, V]>): PersistentMap<V> {
  let root: Node<V> | undefined
  let size = 0
  const grew = { value: false }
  for (const [key, value] of pairs) {
    const leaf: Leaf<V> = { kind: 0, hash: hashOf(key), key, value }
    grew.value = false
    if (root === undefined) {
      root = { kind: 1, bitmap: 0, children: [] }
    }
    root = insertFresh(root, leaf, 0, grew)
    if (grew.value) size += 1
  }
  return size === 0 ? emptyMap() : new Hamt<V>(root, size)
}
