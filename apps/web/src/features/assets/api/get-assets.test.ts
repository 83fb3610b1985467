import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../lib/api-client';
import { getAssets } from './get-assets';

/** A client whose list answers wait until `answer()` is called; counts the requests it got. */
const slowClient = () => {
  const waiting: (() => void)[] = [];
  const get = vi.fn(
    () =>
      new Promise((resolve) => {
        waiting.push(() => resolve({ assets: [], page: 0, pageSize: 100, totalCount: 0 }));
      }),
  );
  const client = { get, send: vi.fn() } as unknown as ApiClient;
  const answer = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { client, get, answer };
};

describe('getAssets', () => {
  it('shares one request between callers while it is on the way (startup refresh and marketplace)', async () => {
    const { client, get, answer } = slowClient();
    const first = getAssets(client);
    const second = getAssets(client);
    expect(get).toHaveBeenCalledTimes(1);
    answer();
    expect(await first).toEqual([]);
    expect(await second).toBe(await first);
  });

  it('asks the server again once the answer is in, so a refresh is never served stale', async () => {
    const { client, get, answer } = slowClient();
    const first = getAssets(client);
    answer();
    await first;
    const again = getAssets(client);
    expect(get).toHaveBeenCalledTimes(2);
    answer();
    expect(await again).toEqual([]);
  });
});
