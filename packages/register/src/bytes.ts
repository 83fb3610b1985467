/** Byte helpers shared by the register's hashing and signatures. Pure, browser and Node alike. */

const encoder = new TextEncoder();

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

export const concatBytes = (...parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

export const bytesEqual = (a: Uint8Array, b: Uint8Array): boolean => {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
};

const HEX = /^(?:[0-9a-f]{2})*$/;

export const toHex = (bytes: Uint8Array): string => {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
};

/** Lower-case hex only (the register writes no other form); null when the text is not that. */
export const fromHex = (text: string): Uint8Array | null => {
  if (!HEX.test(text)) return null;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
};

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64URL_TEXT = /^[A-Za-z0-9_-]*$/;

/** base64url without padding (RFC 4648 section 5), the security app protocol's encoding. */
export const toBase64Url = (bytes: Uint8Array): string => {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] as number;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    out += B64URL[b0 >> 2];
    out += B64URL[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)];
    if (b1 !== undefined) out += B64URL[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)];
    if (b2 !== undefined) out += B64URL[b2 & 63];
  }
  return out;
};

/** base64url, padding tolerated (as the security app protocol accepts it); null when malformed. */
export const fromBase64Url = (text: string): Uint8Array | null => {
  const bare = text.replace(/=+$/, '');
  if (!B64URL_TEXT.test(bare) || bare.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((bare.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of bare) {
    value = (value << 6) | B64URL.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index] = (value >> bits) & 0xff;
      index += 1;
    }
  }
  // Unused trailing bits must be zero, so every byte string has exactly one text.
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return out;
};
