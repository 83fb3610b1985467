import {
  FORUM_COMPLAINT_REASON_MAX,
  FORUM_MESSAGE_MAX,
  VOTING_DESCRIPTION_MAX,
  VOTING_THEME_MAX,
  VOTING_TITLE_MAX,
} from '@bw/domain';
import { z } from 'zod';
import { msg } from '../../../components/form/msg';

/** The forum's form schemas (ADR 0015): the contracts' limits with the catalogue's messages. */
const required = (max: number) =>
  z.string().trim().min(1, msg('forum.fieldRequired')).max(max, msg('forum.fieldTooLong'));
const optional = (max: number) => z.string().trim().max(max, msg('forum.fieldTooLong'));

export const messageForm = z.object({ text: required(FORUM_MESSAGE_MAX) });
export const complaintForm = z.object({ reason: required(FORUM_COMPLAINT_REASON_MAX) });
export const optionForm = z.object({
  title: required(VOTING_TITLE_MAX),
  description: optional(VOTING_DESCRIPTION_MAX),
});

/** Two options to start with; empty extra options are dropped before sending. */
export const createVotingForm = z.object({
  title: required(VOTING_TITLE_MAX),
  theme: required(VOTING_THEME_MAX),
  description: required(VOTING_DESCRIPTION_MAX),
  option1: required(VOTING_TITLE_MAX),
  option2: optional(VOTING_TITLE_MAX),
  option3: optional(VOTING_TITLE_MAX),
});
export type CreateVotingForm = z.output<typeof createVotingForm>;

export const votingOptionsOf = (values: CreateVotingForm) =>
  [values.option1, values.option2, values.option3]
    .filter((title) => title.length > 0)
    .map((title) => ({ title, description: '' }));
