import * as ops from '@bw/api-client/operations';
import { type reminderTypes, reminderView } from '@bw/contracts';
import { useMutation } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

export type ReminderType = (typeof reminderTypes)[number];
/** Spec section 7, `POST /api/v1/reminder {type,date}`: `date` (ISO) null cancels the reminder. */
export type ReminderBody = { readonly type: ReminderType; readonly date: string | null };

export const createReminder = (body: ReminderBody, client: ApiClient = apiClient) =>
  client.send(ops.postReminder, reminderView, { body });

export const useCreateReminder = () => useMutation({ mutationFn: (body: ReminderBody) => createReminder(body) });
