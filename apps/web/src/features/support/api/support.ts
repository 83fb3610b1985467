import * as ops from '@bw/api-client/operations';
import {
  type PhoneRequestBody,
  phoneRequestBody,
  type SupportRequestBody,
  supportQuestions,
  supportRequestBody,
  supportRequestResult,
} from '@bw/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { msg } from '../../../components/form/msg';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `GET /api/v1/support/questions?q=`: the FAQ, searched on the server (German full text, typo-tolerant). */
export const getSupportQuestions = (q: string, client: ApiClient = apiClient) =>
  client.get(ops.getSupportQuestions, supportQuestions, { query: { q } });

export const useSupportQuestions = (q: string) =>
  useQuery({
    queryKey: ['support', 'questions', q],
    queryFn: () => getSupportQuestions(q),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export const useWriteUs = () =>
  useMutation({
    mutationFn: (body: SupportRequestBody) => apiClient.send(ops.postSupportRequest, supportRequestResult, { body }),
  });

export const useCallBack = () =>
  useMutation({
    mutationFn: (body: PhoneRequestBody) => apiClient.send(ops.postSupportPhoneRequest, supportRequestResult, { body }),
  });

const required = z.string().refine((value) => value.trim() !== '', { error: msg('support.required'), abort: true });

/** The forms check only that fields are filled; the server's German messages land at the field (ADR 0015). */
export const writeUsForm = supportRequestBody
  .omit({ attachments: true })
  .extend({ subject: required, message: required });
export const callBackForm = phoneRequestBody.extend({
  weekday: z.coerce.number(),
  timeWindow: z.string() as unknown as typeof phoneRequestBody.shape.timeWindow,
  phone: required,
  message: z.string(),
});
