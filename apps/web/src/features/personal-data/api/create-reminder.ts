import { type reminderTypes, reminderView } from '@bw/contracts';
import { useMutation } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

export type ReminderType = (typeof reminderTypes)[number];
/** Spec section 7, `POST /api/v1/reminder {type,date}`: `date` (ISO) null cancels the reminder. */
export type ReminderBody = { readonly type: ReminderType; readonly date: string | null };

export const createReminder = (body: ReminderBody, client: ApiClient = apiClient) =>
  client.send('POST', '/api/v1/reminder', body, reminderView);

export const useCreateReminder = () => useMutation({ mutationFn: (body: ReminderBody) => createReminder(body) });
