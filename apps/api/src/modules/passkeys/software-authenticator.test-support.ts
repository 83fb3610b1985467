import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A platform authenticator in software for the integration tests: a P-256 key per credential,
 * 'none' attestation, user presence and verification flags, a counter. It answers the options
 * the server hands out with the same JSON a browser's `navigator.credentials` gives.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

const head = (major: number, length: number): number[] => {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  return [(major << 5) | 25, length >> 8, length & 0xff];
};

const cbor = (value: Cbor): number[] => {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = [...new TextEncoder().encode(value)];
    return [...head(3, bytes.length), ...bytes];
  }
  if (value instanceof Uint8Array) return [...head(2, value.length), ...value];
  return [...head(5, value.size), ...[...value].flatMap(([key, item]) => [...cbor(key), ...cbor(item)])];
};

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const uint32 = (value: number): number[] => [
  (value >>> 24) & 0xff,
  (value >>> 16) & 0xff,
  (value >>> 8) & 0xff,
  value & 0xff,
];

type Credential = { id: Buffer; privateKey: KeyObject; userHandle: string; counter: number };

export const createSoftwareAuthenticator = (origin: string) => {
  const rpId = new URL(origin).hostname;
  const credentials: Credential[] = [];
  const FLAGS_UP_UV = 0x01 | 0x04;
  const FLAG_ATTESTED = 0x40;

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,
    /** Answers `navigator.credentials.create` for registration options. */
    create(options: { challenge: string; user: { id: string } }) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]);
      const id = randomBytes(16);
      const authData = new Uint8Array([
        ...sha256(rpId),
        FLAGS_UP_UV | FLAG_ATTESTED,
        ...uint32(0),
        ...new Uint8Array(16),
        id.length >> 8,
        id.length & 0xff,
        ...id,
        ...cbor(cose),
      ]);
      const attestationObject = new Uint8Array(
        cbor(
          new Map<Cbor, Cbor>([
            ['fmt', 'none'],
            ['attStmt', new Map()],
            ['authData', authData],
          ]),
        ),
      );
      credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    /** Answers `navigator.credentials.get` with the first (or the given) credential. */
    get(options: { challenge: string }, credential = credentials[0], tamper = false) {
      if (!credential) throw new Error('no credential');
      credential.counter += 1;
      const authData = Buffer.from([...sha256(rpId), FLAGS_UP_UV, ...uint32(credential.counter)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      if (tamper) signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 0xff;
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
      };
    },
  };
};
