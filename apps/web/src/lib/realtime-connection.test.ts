import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeRealtime, listenRealtime, openRealtimeConnections, type RealtimeOpener } from './realtime-connection';
import type { SocketClient } from './socket-client';

type Opened = { connect: () => void; event: (name: string, payload: unknown) => void; socket: SocketClient };

/** An opener that records each connection it opens, with a fake socket. */
const fakeOpener = () => {
  const opened: Opened[] = [];
  const open: RealtimeOpener = async (onConnect, onEvent) => {
    const socket = { id: 'sid', connected: true, on: vi.fn(), emit: vi.fn(), disconnect: vi.fn() } as SocketClient;
    opened.push({ connect: () => onConnect(socket), event: onEvent, socket });
    return socket;
  };
  return { opened, open };
};

afterEach(() => closeRealtime());

describe('the app’s one realtime connection (issue 27)', () => {
  it('serves every screen that listens from one connection and closes with the last one', async () => {
    const { opened, open } = fakeOpener();
    const shell = { onConnect: vi.fn(), onEvent: vi.fn() };
    const board = { onConnect: vi.fn(), onEvent: vi.fn() };
    const stopShell = listenRealtime('anna@example.at', shell, open);
    const stopBoard = listenRealtime('anna@example.at', board, open);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(openRealtimeConnections()).toBe(1);
    opened[0]?.connect();
    opened[0]?.event('update', { reason: 'bulletinBoard' });
    for (const listener of [shell, board]) {
      expect(listener.onConnect).toHaveBeenCalledTimes(1);
      expect(listener.onEvent).toHaveBeenCalledWith('update', { reason: 'bulletinBoard' });
    }
    stopBoard();
    opened[0]?.event('update_assets', { assetIds: ['a'] });
    expect(board.onEvent).toHaveBeenCalledTimes(1);
    expect(shell.onEvent).toHaveBeenCalledTimes(2);
    expect(opened[0]?.socket.disconnect).not.toHaveBeenCalled();
    stopShell();
    expect(opened[0]?.socket.disconnect).toHaveBeenCalledTimes(1);
    expect(openRealtimeConnections()).toBe(0);
  });

  it('opens a new connection for another user and ends the old one', async () => {
    const { opened, open } = fakeOpener();
    listenRealtime('anna@example.at', {}, open);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    listenRealtime('ben@example.at', {}, open);
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[0]?.socket.disconnect).toHaveBeenCalledTimes(1);
    expect(openRealtimeConnections()).toBe(1);
  });

  it('ends a connection that finishes opening after its last listener left', async () => {
    const { opened, open } = fakeOpener();
    const stop = listenRealtime('anna@example.at', {}, open);
    stop();
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    await vi.waitFor(() => expect(opened[0]?.socket.disconnect).toHaveBeenCalledTimes(1));
  });
});
