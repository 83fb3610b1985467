import * as ops from '@bw/api-client/operations';
import { type CaptureSessionView, captureSession, signerRedirect } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, ApiError, apiClient } from '../../../lib/api-client';
import { captureSessionQueryKey, signerRedirectQueryKey } from './query-keys';

/**
 * The configured provider's own pages (ADR 0038): the API says which one is configured by
 * answering these calls, and 404 where the sandbox works inside our screens (the default).
 */
const nullWhenNotFound = async <T>(load: Promise<T>): Promise<T | null> => {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** `GET .../captureSession`: the token for Onfido's web SDK, or null where capture is by upload. */
export const getCaptureSession = (client: ApiClient = apiClient): Promise<CaptureSessionView | null> =>
  nullWhenNotFound(client.get(ops.getIdentificationDocidentCaptureSession, captureSession));

/** `GET .../signature/redirect`: the signer's page at Skribble, or null where the signature needs no page. */
export const getSignerRedirect = (client: ApiClient = apiClient): Promise<string | null> =>
  nullWhenNotFound(client.get(ops.getIdentificationDocidentSignatureRedirect, signerRedirect).then((data) => data.url));

export const useCaptureSession = () =>
  useQuery(
    queryOptions({
      queryKey: captureSessionQueryKey,
      queryFn: () => getCaptureSession(),
      // A token is valid for 90 minutes; a new one per visit of the screen, never a stale one.
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
  );

export const useSignerRedirect = (enabled: boolean) =>
  useQuery(
    queryOptions({ queryKey: signerRedirectQueryKey, queryFn: () => getSignerRedirect(), enabled, retry: false }),
  );

/**
 * Where the browser comes back to from a provider's page: this screen. Skribble takes it as the
 * signing page's `exitURL`; IDnow's return address is set in IDnow's company settings (deploy.md).
 */
export const withExitUrl = (providerUrl: string, exitUrl: string): string => {
  const url = new URL(providerUrl);
  url.searchParams.set('exitURL', exitUrl);
  return url.toString();
};

/** The IDnow page of an ident, kept for the tab while the call is open, so the pending screen can open it again. */
const identPageKey = (idNowId: string) => `bw.idnow.${idNowId}`;
export const rememberIdentPage = (idNowId: string, url: string): void => {
  try {
    sessionStorage.setItem(identPageKey(idNowId), url);
  } catch {
    // Storage refused (private mode): the pending screen then has no button to reopen the call.
  }
};
export const identPageOf = (idNowId: string): string | null => {
  try {
    return sessionStorage.getItem(identPageKey(idNowId));
  } catch {
    return null;
  }
};
