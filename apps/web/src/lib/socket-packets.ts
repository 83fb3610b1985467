import { type Check, num, objectOf, str } from './guard';

/**
 * The wire format the API's socket.io 4.8 server speaks over a WebSocket: Engine.IO protocol v4
 * (one packet per frame, a digit for its type, then its data) carrying Socket.IO protocol v5
 * packets (a digit for their type, an optional namespace, an optional ack id, then JSON).
 * Text only: binary events are not part of our realtime contract. Anything malformed decodes to
 * `null`, so a bad frame is ignored instead of ending the connection.
 */

export const ENGINE_PROTOCOL = 4;

/** Engine.IO v4 packet types (only those a websocket client sends or acts on). */
export const enginePacket = { open: '0', close: '1', ping: '2', pong: '3', message: '4' } as const;

/** Socket.IO v5 packet types, as they follow the Engine.IO message type `4`. */
export const socketPacket = { connect: '0', disconnect: '1', event: '2', ack: '3', connectError: '4' } as const;

/** The socket.io path always ends in a slash (socket.io-client's `addTrailingSlash`). */
export const engineUrl = (origin: string, path: string): string => {
  const { protocol, host } = new URL(origin);
  const scheme = protocol === 'https:' || protocol === 'wss:' ? 'wss' : 'ws';
  return `${scheme}://${host}${path.replace(/\/$/, '')}/?EIO=${ENGINE_PROTOCOL}&transport=websocket`;
};

export type EngineHandshake = {
  readonly sid: string;
  readonly pingIntervalMs: number;
  readonly pingTimeoutMs: number;
  readonly maxPayloadBytes: number;
};

const checkHandshake = objectOf({ sid: str, pingInterval: num, pingTimeout: num, maxPayload: num });
const checkConnectAck = objectOf({ sid: str });
const checkConnectError = objectOf({ message: str });

/** A guard's answer, or `null` where the input does not fit. */
const fits = <T>(check: Check<T>, input: unknown): T | null => {
  try {
    return check(input, 'packet');
  } catch {
    return null;
  }
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The data of an Engine.IO `open` packet. */
export const parseHandshake = (data: string): EngineHandshake | null => {
  const open = fits(checkHandshake, parseJson(data));
  if (!open || open.pingInterval < 0 || open.pingTimeout < 0 || open.maxPayload <= 0) return null;
  return {
    sid: open.sid,
    pingIntervalMs: open.pingInterval,
    pingTimeoutMs: open.pingTimeout,
    maxPayloadBytes: open.maxPayload,
  };
};

export type SocketPacket =
  | { readonly type: 'connect'; readonly sid: string }
  | { readonly type: 'disconnect' }
  | { readonly type: 'event'; readonly name: string; readonly args: unknown[]; readonly ackId: number | null }
  | { readonly type: 'ack'; readonly ackId: number; readonly args: unknown[] }
  | { readonly type: 'connectError'; readonly message: string };

const ACK_ID = /^\d{1,15}/;

/**
 * A Socket.IO packet of the default namespace (socket.io-parser's `decodeString`). Packets of another
 * namespace and binary packets (types 5 and 6) are `null`.
 */
export const decodeSocketPacket = (text: string): SocketPacket | null => {
  let rest = text.slice(1);
  // The default namespace is never written out; any other one is not ours.
  if (rest.startsWith('/')) {
    const end = rest.indexOf(',');
    if ((end === -1 ? rest : rest.slice(0, end)) !== '/') return null;
    rest = end === -1 ? '' : rest.slice(end + 1);
  }
  const digits = ACK_ID.exec(rest)?.[0];
  const ackId = digits === undefined ? null : Number(digits);
  rest = rest.slice(digits?.length ?? 0);
  const payload = rest === '' ? undefined : parseJson(rest);
  if (rest !== '' && payload === undefined) return null;
  switch (text[0]) {
    case socketPacket.connect: {
      const ack = fits(checkConnectAck, payload);
      return ack ? { type: 'connect', sid: ack.sid } : null;
    }
    case socketPacket.disconnect:
      return payload === undefined ? { type: 'disconnect' } : null;
    case socketPacket.event: {
      if (!Array.isArray(payload) || typeof payload[0] !== 'string') return null;
      const [name, ...args] = payload as [string, ...unknown[]];
      return { type: 'event', name, args, ackId };
    }
    case socketPacket.ack:
      return Array.isArray(payload) && ackId !== null ? { type: 'ack', ackId, args: payload } : null;
    case socketPacket.connectError:
      return { type: 'connectError', message: fits(checkConnectError, payload)?.message ?? 'connect error' };
    default:
      return null;
  }
};

const message = (packetType: string, ackId: number | null, payload: unknown[]): string =>
  `${enginePacket.message}${packetType}${ackId ?? ''}${JSON.stringify(payload)}`;

/** `42<ackId>["event",...args]`: an event, with an ack id when the sender wants an answer. */
export const encodeEvent = (name: string, args: readonly unknown[], ackId: number | null): string =>
  message(socketPacket.event, ackId, [name, ...args]);

/** `43<ackId>[...args]`: the answer to an event the server sent with an ack id. */
export const encodeAck = (ackId: number, args: readonly unknown[]): string =>
  message(socketPacket.ack, ackId, [...args]);

/** `40`: join the default namespace (no auth payload; the server reads the session cookie). */
export const CONNECT_PACKET = `${enginePacket.message}${socketPacket.connect}`;
/** `41`: leave the default namespace. */
export const DISCONNECT_PACKET = `${enginePacket.message}${socketPacket.disconnect}`;
