import * as ops from '@bw/api-client/operations';
import {
  type ComplianceInformationView,
  type KnowledgeAndExperienceBody,
  type NoKnowledgeAndExperienceBody,
  userWithOnboarding,
} from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { kaeQueryKey } from './get-knowledge-and-experience';

/** POST for the first answers or skip, PUT to replace them (spec section 7). */
const methodFor = (status: ComplianceInformationView['knowledgeAndExperienceStatus']) =>
  status === 'NoInformation' ? 'POST' : 'PUT';

export type SaveKae =
  | { readonly kind: 'answers'; readonly body: KnowledgeAndExperienceBody }
  | { readonly kind: 'skip'; readonly body: NoKnowledgeAndExperienceBody };

/**
 * `POST`/`PUT /api/v1/user/knowledgeAndExperience` and `/api/v1/user/noKnowledgeAndExperience`:
 * both answer with the whole user; its `complianceInformation` is the new state.
 */
export const saveKnowledgeAndExperience = async (
  save: SaveKae,
  current: ComplianceInformationView['knowledgeAndExperienceStatus'],
  client: ApiClient = apiClient,
): Promise<ComplianceInformationView> => {
  const first = methodFor(current) === 'POST';
  const user =
    save.kind === 'answers'
      ? await client.send(
          first ? ops.postUserKnowledgeAndExperience : ops.putUserKnowledgeAndExperience,
          userWithOnboarding,
          {
            body: save.body,
          },
        )
      : await client.send(
          first ? ops.postUserNoKnowledgeAndExperience : ops.putUserNoKnowledgeAndExperience,
          userWithOnboarding,
          { body: save.body },
        );
  return user.complianceInformation;
};

export const useSaveKnowledgeAndExperience = (current: ComplianceInformationView['knowledgeAndExperienceStatus']) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveKae) => saveKnowledgeAndExperience(save, current),
    onSuccess: (compliance) => queryClient.setQueryData(kaeQueryKey, compliance),
  });
};
