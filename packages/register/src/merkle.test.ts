import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes.js';
import { sha256 } from './hash.js';
import { emptyTreeHash, leafHash, MerkleTree, nodeHash, verifyConsistency, verifyInclusion } from './merkle.js';

// The Certificate Transparency reference data (the leaves and tree heads every RFC 6962 implementation checks against).
const CT_LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map((text) => fromHex(text) as Uint8Array);
const CT_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const CT_INCLUSION = [
  {
    index: 0,
    size: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    path: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];
const CT_CONSISTENCY = [
  {
    first: 2,
    second: 8,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    first: 6,
    second: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];
const hex = (list: readonly Uint8Array[]): string[] => list.map(toHex);
const unhex = (list: readonly string[]): Uint8Array[] => list.map((item) => fromHex(item) as Uint8Array);

/** MTH exactly as RFC 6962 section 2.1 writes it, recursively: the reference the fast tree must equal. */
const referenceRoot = (leaves: readonly Uint8Array[]): Uint8Array => {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  if (leaves.length === 1) return leaves[0] as Uint8Array;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(referenceRoot(leaves.slice(0, k)), referenceRoot(leaves.slice(k)));
};

const leavesOf = (count: number, salt = 0): Uint8Array[] =>
  Array.from({ length: count }, (_, i) => leafHash(Uint8Array.of(i & 0xff, (i >> 8) & 0xff, salt & 0xff)));

describe('RFC 6962 Merkle tree', () => {
  it('gives the Certificate Transparency reference roots for sizes 0 to 8, for the whole tree and for earlier sizes', () => {
    const tree = MerkleTree.fromLeaves(CT_LEAVES);
    expect(toHex(emptyTreeHash())).toBe(CT_ROOTS[0]);
    for (let size = 0; size <= 8; size += 1) {
      expect(toHex(tree.root(size))).toBe(CT_ROOTS[size]);
      expect(toHex(MerkleTree.fromLeaves(CT_LEAVES.slice(0, size)).root())).toBe(CT_ROOTS[size]);
    }
  });

  it('gives the reference audit paths and consistency proofs, and they verify', () => {
    const tree = MerkleTree.fromLeaves(CT_LEAVES);
    for (const vector of CT_INCLUSION) {
      expect(hex(tree.inclusionProof(vector.index, vector.size))).toEqual(vector.path);
      const root = fromHex(CT_ROOTS[vector.size] as string) as Uint8Array;
      expect(verifyInclusion(vector.index, vector.size, tree.leafHashAt(vector.index), unhex(vector.path), root)).toBe(
        true,
      );
    }
    for (const vector of CT_CONSISTENCY) {
      expect(hex(tree.consistencyProof(vector.first, vector.second))).toEqual(vector.proof);
      const first = fromHex(CT_ROOTS[vector.first] as string) as Uint8Array;
      const second = fromHex(CT_ROOTS[vector.second] as string) as Uint8Array;
      expect(verifyConsistency(vector.first, vector.second, first, second, unhex(vector.proof))).toBe(true);
    }
  });

  it('equals the RFC recursion for every size up to 70', () => {
    const leaves = leavesOf(70);
    const tree = new MerkleTree(leaves);
    for (let size = 0; size <= 70; size += 1)
      expect(toHex(tree.root(size))).toBe(toHex(referenceRoot(leaves.slice(0, size))));
  });

  it('verifies every audit path and every consistency proof for every pair of sizes up to 40', () => {
    const leaves = leavesOf(40);
    const tree = new MerkleTree(leaves);
    for (let size = 1; size <= 40; size += 1) {
      const root = tree.root(size);
      for (let index = 0; index < size; index += 1) {
        expect(verifyInclusion(index, size, leaves[index] as Uint8Array, tree.inclusionProof(index, size), root)).toBe(
          true,
        );
      }
      for (let first = 0; first <= size; first += 1) {
        expect(verifyConsistency(first, size, tree.root(first), root, tree.consistencyProof(first, size))).toBe(true);
      }
    }
  });

  it('refuses degenerate consistency cases', () => {
    const tree = new MerkleTree(leavesOf(8));
    expect(verifyConsistency(4, 4, tree.root(4), tree.root(4), [])).toBe(true);
    expect(verifyConsistency(4, 4, tree.root(4), tree.root(5), [])).toBe(false);
    expect(verifyConsistency(4, 4, tree.root(4), tree.root(4), [tree.root(1)])).toBe(false);
    expect(verifyConsistency(0, 8, emptyTreeHash(), tree.root(8), [])).toBe(true);
    expect(verifyConsistency(0, 8, tree.root(1), tree.root(8), [])).toBe(false);
    expect(verifyConsistency(6, 8, tree.root(6), tree.root(8), [])).toBe(false);
    expect(verifyConsistency(8, 6, tree.root(8), tree.root(6), tree.consistencyProof(6, 8))).toBe(false);
    expect(verifyInclusion(8, 8, tree.leafHashAt(0), tree.inclusionProof(0), tree.root())).toBe(false);
    expect(verifyInclusion(-1, 8, tree.leafHashAt(0), tree.inclusionProof(0), tree.root())).toBe(false);
    expect(() => tree.inclusionProof(8, 8)).toThrow(RangeError);
    expect(() => tree.consistencyProof(5, 3)).toThrow(RangeError);
    expect(() => tree.root(9)).toThrow(RangeError);
  });
});

describe('Merkle proofs, property tests', () => {
  const tamper = (path: readonly Uint8Array[], at: number, bit: number): Uint8Array[] =>
    path.map((node, i) => {
      if (i !== at) return node;
      const copy = node.slice();
      copy[bit >> 3] = (copy[bit >> 3] as number) ^ (1 << (bit & 7));
      return copy;
    });

  it('an audit path verifies for a random size and leaf, and fails for any flipped bit, a wrong index, a wrong leaf, a shortened or lengthened path', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 700 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        (size, indexSeed, nodeSeed, bit) => {
          const leaves = leavesOf(size, size);
          const tree = new MerkleTree(leaves);
          const index = indexSeed % size;
          const root = tree.root();
          const path = tree.inclusionProof(index);
          const leaf = leaves[index] as Uint8Array;
          expect(verifyInclusion(index, size, leaf, path, root)).toBe(true);
          if (path.length > 0) {
            expect(verifyInclusion(index, size, leaf, tamper(path, nodeSeed % path.length, bit), root)).toBe(false);
            expect(verifyInclusion(index, size, leaf, path.slice(0, -1), root)).toBe(false);
          }
          expect(verifyInclusion(index, size, leaf, [...path, root], root)).toBe(false);
          expect(verifyInclusion(index, size, tamper([leaf], 0, bit)[0] as Uint8Array, path, root)).toBe(false);
          if (size > 1) expect(verifyInclusion((index + 1) % size, size, leaf, path, root)).toBe(false);
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);

  it('a consistency proof verifies for random sizes, and fails for any flipped bit, another old root or a truncated proof', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 700 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        (second, firstSeed, nodeSeed, bit) => {
          const first = 1 + (firstSeed % (second - 1));
          const tree = new MerkleTree(leavesOf(second, second));
          const proof = tree.consistencyProof(first, second);
          const firstRoot = tree.root(first);
          const secondRoot = tree.root(second);
          expect(verifyConsistency(first, second, firstRoot, secondRoot, proof)).toBe(true);
          expect(
            verifyConsistency(first, second, firstRoot, secondRoot, tamper(proof, nodeSeed % proof.length, bit)),
          ).toBe(false);
          expect(verifyConsistency(first, second, firstRoot, secondRoot, proof.slice(0, -1))).toBe(false);
          expect(
            verifyConsistency(first, second, tamper([firstRoot], 0, bit)[0] as Uint8Array, secondRoot, proof),
          ).toBe(false);
          expect(
            verifyConsistency(first, second, firstRoot, tamper([secondRoot], 0, bit)[0] as Uint8Array, proof),
          ).toBe(false);
          // A history that changed one leaf below the old size is not consistent with the old root.
          const rewritten = leavesOf(second, second);
          rewritten[nodeSeed % first] = leafHash(Uint8Array.of(0xff, bit));
          const forged = new MerkleTree(rewritten);
          expect(
            verifyConsistency(first, second, firstRoot, forged.root(second), forged.consistencyProof(first, second)),
          ).toBe(false);
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);
});
