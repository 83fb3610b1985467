import { CHUNK_LOAD_TIMEOUT_MS } from '../config/constants';

/**
 * Spec section 7: chunk loading has 120 s. A screen's code that has not arrived by then is given
 * up and `fallback` (the network-error screen) shown instead; a failure is passed on as it is.
 */
export const withChunkTimeout = <T>(
  loading: Promise<T>,
  fallback: () => T,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(fallback()), timeoutMs);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
