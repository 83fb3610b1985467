/**
 * The Merkle tree of RFC 6962 section 2.1 (= RFC 9162 section 2.1): leaf hash SHA-256(0x00 || leaf),
 * node hash SHA-256(0x01 || left || right), the tree over n leaves split at the largest power of
 * two below n. Audit paths (inclusion proofs) and consistency proofs are generated as the RFC's
 * PATH and PROOF/SUBPROOF define them, and verified with the algorithms of RFC 9162 sections
 * 2.1.3.2 and 2.1.4.2. Hashes are 32-byte Uint8Arrays; tree sizes and indexes are safe integers.
 * ADR 0044 says why this is our own code and not a library.
 */
import { bytesEqual, concatBytes } from './bytes.js';
import { sha256 } from './hash.js';

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

/** MTH({}) = SHA-256 of the empty string. */
export const emptyTreeHash = (): Uint8Array => sha256(new Uint8Array(0));
export const leafHash = (leaf: Uint8Array): Uint8Array => sha256(concatBytes(LEAF_PREFIX, leaf));
export const nodeHash = (left: Uint8Array, right: Uint8Array): Uint8Array =>
  sha256(concatBytes(NODE_PREFIX, left, right));

/** The largest power of two strictly below n (n > 1): the RFC's k. */
export const splitPoint = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

const isPowerOfTwo = (n: number): boolean => {
  if (n < 1) return false;
  let m = n;
  while (m > 1) {
    if (m % 2 !== 0) return false;
    m /= 2;
  }
  return true;
};

/**
 * A tree over a list of leaf hashes, kept as levels (level 0 the leaf hashes, each level above the
 * pairs of the one below, a last odd node carried up unchanged). Node i of level L then covers
 * leaves [i·2^L, min((i+1)·2^L, n)), which is exactly every subtree RFC 6962's recursion visits, so
 * a root, an audit path or a consistency proof costs O(log n) after the O(n) build.
 */
export class MerkleTree {
  private readonly levels: Uint8Array[][];

  constructor(leafHashes: readonly Uint8Array[]) {
    const levels: Uint8Array[][] = [leafHashes.slice()];
    let current = levels[0] as Uint8Array[];
    while (current.length > 1) {
      const next: Uint8Array[] = [];
      for (let i = 0; i + 1 < current.length; i += 2)
        next.push(nodeHash(current[i] as Uint8Array, current[i + 1] as Uint8Array));
      if (current.length % 2 === 1) next.push(current[current.length - 1] as Uint8Array);
      levels.push(next);
      current = next;
    }
    this.levels = levels;
  }

  static fromLeaves(leaves: readonly Uint8Array[]): MerkleTree {
    return new MerkleTree(leaves.map(leafHash));
  }

  get size(): number {
    return (this.levels[0] as Uint8Array[]).length;
  }

  leafHashAt(index: number): Uint8Array {
    this.checkIndex(index, this.size);
    return (this.levels[0] as Uint8Array[])[index] as Uint8Array;
  }

  /** MTH(D[0:size]) for any size up to the tree's: the root of an earlier state of the log. */
  root(size: number = this.size): Uint8Array {
    this.checkSize(size);
    return this.rangeHash(0, size);
  }

  /** PATH(m, D[0:size]) of RFC 6962 section 2.1.1, leaf level first. */
  inclusionProof(index: number, size: number = this.size): Uint8Array[] {
    this.checkSize(size);
    this.checkIndex(index, size);
    const path: Uint8Array[] = [];
    let start = 0;
    let end = size;
    let m = index;
    // Walk down from the root, collecting the sibling subtree at each split; the RFC lists them bottom up.
    while (end - start > 1) {
      const k = splitPoint(end - start);
      if (m < k) {
        path.push(this.rangeHash(start + k, end));
        end = start + k;
      } else {
        path.push(this.rangeHash(start, start + k));
        start += k;
        m -= k;
      }
    }
    return path.reverse();
  }

  /**
   * PROOF(first, D[0:second]) of RFC 6962 section 2.1.2. Empty when first is 0 or equals second
   * (nothing to prove: RFC 9162 section 2.1.4 treats those cases without a proof).
   */
  consistencyProof(first: number, second: number = this.size): Uint8Array[] {
    this.checkSize(second);
    if (!Number.isSafeInteger(first) || first < 0 || first > second) throw new RangeError(`bad first size ${first}`);
    if (first === 0 || first === second) return [];
    const proof: Uint8Array[] = [];
    // SUBPROOF(m, D[start:end], b), unrolled: each step appends one subtree hash after the recursion.
    let start = 0;
    let end = second;
    let m = first;
    let completeSubtree = true;
    while (m !== end - start) {
      const k = splitPoint(end - start);
      if (m <= k) {
        proof.push(this.rangeHash(start + k, end));
        end = start + k;
      } else {
        proof.push(this.rangeHash(start, start + k));
        start += k;
        m -= k;
        completeSubtree = false;
      }
    }
    if (!completeSubtree) proof.push(this.rangeHash(start, end));
    return proof.reverse();
  }

  /** MTH(D[start:end]) for a range the RFC recursion produces (start aligned to a power of two). */
  private rangeHash(start: number, end: number): Uint8Array {
    const count = end - start;
    if (count === 0) return emptyTreeHash();
    let level = 0;
    while (2 ** level < count) level += 1;
    const width = 2 ** level;
    if (start % width === 0 && end === Math.min(start + width, this.size)) {
      return (this.levels[level] as Uint8Array[])[start / width] as Uint8Array;
    }
    const k = splitPoint(count);
    return nodeHash(this.rangeHash(start, start + k), this.rangeHash(start + k, end));
  }

  private checkSize(size: number): void {
    if (!Number.isSafeInteger(size) || size < 0 || size > this.size) throw new RangeError(`bad tree size ${size}`);
  }

  private checkIndex(index: number, size: number): void {
    if (!Number.isSafeInteger(index) || index < 0 || index >= size) throw new RangeError(`bad leaf index ${index}`);
  }
}

const half = (n: number): number => Math.floor(n / 2);
const lowBitSet = (n: number): boolean => n % 2 === 1;

/**
 * The root an audit path leads to (RFC 9162 section 2.1.3.2, steps 1 to 4), or null when the path
 * cannot belong to a leaf at this index of a tree of this size (wrong length, index past the end).
 */
export const rootFromInclusionProof = (
  index: number,
  size: number,
  leaf: Uint8Array,
  path: readonly Uint8Array[],
): Uint8Array | null => {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    if (lowBitSet(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!lowBitSet(fn)) {
        while (!lowBitSet(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? r : null;
};

/** RFC 9162 section 2.1.3.2: does this audit path prove the leaf hash at index into the root? */
export const verifyInclusion = (
  index: number,
  size: number,
  leaf: Uint8Array,
  path: readonly Uint8Array[],
  root: Uint8Array,
): boolean => {
  const computed = rootFromInclusionProof(index, size, leaf, path);
  return computed !== null && bytesEqual(computed, root);
};

/**
 * RFC 9162 section 2.1.4.2: does this proof show that the tree of size `first` with root
 * `firstRoot` is a prefix of the tree of size `second` with root `secondRoot`? Equal sizes need an
 * empty proof and equal roots; size 0 needs an empty proof and the empty tree's root.
 */
export const verifyConsistency = (
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean => {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 0 || first > second) return false;
  if (first === 0) return proof.length === 0 && bytesEqual(firstRoot, emptyTreeHash());
  if (first === second) return proof.length === 0 && bytesEqual(firstRoot, secondRoot);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (lowBitSet(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0] as Uint8Array;
  let sr = path[0] as Uint8Array;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (lowBitSet(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!lowBitSet(fn)) {
        while (!lowBitSet(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return bytesEqual(fr, firstRoot) && bytesEqual(sr, secondRoot) && sn === 0;
};
