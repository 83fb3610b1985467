import * as ops from '@bw/api-client/operations';
import { appRatingResult } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { currentPlatform } from '../../../lib/platform';

/** `POST /api/v1/bonus/appRating`: the investor rated the app; grants the rating bonus while a campaign runs. */
export const rateApp = (client: ApiClient = apiClient) =>
  client.send(ops.postBonusAppRating, appRatingResult, {
    body: {
      store: currentPlatform() === 'app' ? (/iPhone|iPad/.test(navigator.userAgent) ? 'appStore' : 'playStore') : 'web',
    },
  });

export const useRateApp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rateApp(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bonuses', 'open'] }),
  });
};
