import {
  FORUM_COMPLAINT_REASON_MAX,
  FORUM_MESSAGE_MAX,
  VOTING_DESCRIPTION_MAX,
  VOTING_OPTIONS_MAX,
  VOTING_OUTCOMES,
  VOTING_PHASES,
  VOTING_THEME_MAX,
  VOTING_TITLE_MAX,
} from '@bw/domain';
import { z } from 'zod';
import { assetId } from './assets.js';
import { attachmentIds, fileRef } from './files.js';

/**
 * The investor forum and its votings (spec sections 2, 3, 4, 5, 7; issue 24; ADR 0027): the ten
 * launchpad calls under `/launchpad/api/v1/`. Shares are strings of integers.
 */

/** Spec section 8: what the forum's screens show when a call fails. */
export const FORUM_GENERIC_ERROR = 'Ein Fehler ist aufgetreten.';
/** Spec section 8: what a failed vote submit shows. */
export const VOTING_SUBMIT_ERROR =
  'Es ist ein Fehler aufgetreten. Bitte versuche es nochmal oder kontaktiere den Support.';
export const FORUM_MESSAGES_PAGE = 50;

const text = (max: number) => z.string().trim().min(1).max(max);
const sharesString = z.string().regex(/^\d+$/);

export const forumAssetParams = z.object({ id: assetId });
export const votingParams = z.object({ id: assetId, v: z.uuid() });
export const votingOptionParams = z.object({ id: assetId, v: z.uuid(), o: z.uuid() });
export const forumMessagesQuery = z.object({
  before: z.iso.datetime({ offset: true }).optional(),
  /**
   * Keyset paging (as the inbox, ADR 0026): the `nextCursor` of the page the client holds; the next
   * page starts right after its last message, so messages written meanwhile never repeat an item.
   */
  cursor: z
    .string()
    .regex(/^\d{1,20}_[0-9a-f-]{36}$/, { error: 'Die Anfrage ist ungültig.' })
    .optional(),
});

/** PUT /launchpad/api/v1/message/{messageId}: the author edits within the edit window. */
export const forumMessageParams = z.object({ messageId: z.uuid() });
export const editMessageBody = z.strictObject({ text: text(FORUM_MESSAGE_MAX) });

/** POST /launchpad/api/v1/message */
export const postMessageBody = z.strictObject({ assetId, text: text(FORUM_MESSAGE_MAX), attachments: attachmentIds });
export type PostMessageBody = z.infer<typeof postMessageBody>;

export const forumMessage = z.object({
  id: z.uuid(),
  assetId: z.string(),
  authorName: z.string(),
  own: z.boolean(),
  /** Empty when staff hid the message; `hidden` says so. */
  text: z.string(),
  hidden: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** The author may still edit it (edit window, not hidden). */
  editable: z.boolean(),
  /** Files attached when posting; empty when staff hid the message. */
  attachments: z.array(fileRef),
});
export type ForumMessage = z.infer<typeof forumMessage>;
export const forumMessageList = z.object({
  messages: z.array(forumMessage),
  holder: z.boolean(),
  /** The cursor of the next (older) page, or null when this was the last one. */
  nextCursor: z.string().nullable(),
});

export const votingOptionInput = z.strictObject({
  title: text(VOTING_TITLE_MAX),
  description: z.string().trim().max(VOTING_DESCRIPTION_MAX).default(''),
  attachments: attachmentIds,
});
export type VotingOptionInput = z.input<typeof votingOptionInput>;

/** POST /launchpad/api/v1/voting: a suggestion with its first options. */
export const createVotingBody = z.strictObject({
  assetId,
  title: text(VOTING_TITLE_MAX),
  description: text(VOTING_DESCRIPTION_MAX),
  theme: text(VOTING_THEME_MAX),
  options: z.array(votingOptionInput).min(1).max(VOTING_OPTIONS_MAX),
});
export type CreateVotingBody = z.input<typeof createVotingBody>;

/** POST {id}/voting/{v}/vote: empty while a suggestion (support), a choice while the vote runs. */
export const votingVoteBody = z.strictObject({ choice: z.enum(['againstAll', 'abstain']).optional() }).optional();

/** POST /launchpad/api/v1/complaint */
export const complaintBody = z.strictObject({ messageId: z.uuid(), reason: text(FORUM_COMPLAINT_REASON_MAX) });
export type ComplaintBody = z.infer<typeof complaintBody>;
export const complaintAnswer = z.object({ id: z.uuid(), status: z.enum(['open', 'resolved']) });

export const votingChoiceView = z.object({
  choice: z.enum(['option', 'againstAll', 'abstain']),
  optionId: z.uuid().nullable(),
});

export const votingView = z.object({
  id: z.uuid(),
  assetId: z.string(),
  title: z.string(),
  description: z.string(),
  theme: z.string(),
  phase: z.enum(VOTING_PHASES),
  outcome: z.enum(VOTING_OUTCOMES).nullable(),
  winningOptionId: z.uuid().nullable(),
  suggestedAt: z.string(),
  supportDeadline: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /**
   * Spec section 3: voting shares and investors supporting (a suggestion's support, live). ADR 0027
   * addendum: `votingShares` are the shares held on the platform (`heldShares`), never fewer than
   * the financing threshold in shares; the suggestion goes to a vote when its supporters hold
   * `sharesNeeded` and number `investorsNeeded` (10 % of the investors, at least 3).
   */
  support: z.object({
    supportingShares: sharesString,
    votingShares: sharesString,
    heldShares: sharesString,
    sharesNeeded: sharesString,
    investorsSupporting: z.number().int(),
    investors: z.number().int(),
    investorsNeeded: z.number().int(),
  }),
  options: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      description: z.string(),
      weight: sharesString.nullable(),
      attachments: z.array(fileRef),
    }),
  ),
  /** Running and closed votings: weights of the snapshot (ADR 0027); null before. */
  tally: z
    .object({
      againstAll: sharesString,
      abstain: sharesString,
      cast: sharesString,
      voters: z.number().int(),
      snapshotShares: sharesString,
      snapshotHolders: z.number().int(),
    })
    .nullable(),
  mySupport: z.boolean(),
  myVote: votingChoiceView.nullable(),
  /** The caller's weight in this vote (shares at its start), null before it runs. */
  myWeight: sharesString.nullable(),
});
export type VotingView = z.infer<typeof votingView>;
export const votingList = z.object({ votings: z.array(votingView), holder: z.boolean() });

export const forumErrors = {
  FORUM_NOT_VERIFIED: { status: 403 },
  FORUM_NOT_HOLDER: { status: 403 },
  FORUM_MESSAGE_NOT_FOUND: { status: 404 },
  FORUM_NOT_AUTHOR: { status: 403 },
  FORUM_EDIT_WINDOW_CLOSED: { status: 409 },
  VOTING_NOT_FOUND: { status: 404 },
  VOTING_OPTION_NOT_FOUND: { status: 404 },
  VOTING_NOT_SUGGESTION: { status: 409 },
  VOTING_NOT_CLOSED: { status: 409 },
  VOTING_NOT_RUNNING: { status: 409 },
  VOTING_CHOICE_REQUIRED: { status: 400 },
  VOTING_NO_WEIGHT: { status: 403 },
  VOTING_OPTIONS_CLOSED: { status: 409 },
  VOTING_OPTIONS_FULL: { status: 409 },
  FORUM_MODERATION_NOT_NEEDED: { status: 409 },
} as const;

/** Back office: the moderation queue (issue 24). */
export const moderationQueue = z.object({
  complaints: z.array(
    z.object({
      id: z.uuid(),
      messageId: z.uuid(),
      assetId: z.string(),
      messageText: z.string(),
      messageAuthor: z.string(),
      messageHidden: z.boolean(),
      reason: z.string(),
      complainant: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type ModerationQueue = z.infer<typeof moderationQueue>;
export const moderationParams = z.object({ id: z.uuid() });
export const moderationBody = z.strictObject({ reason: text(FORUM_COMPLAINT_REASON_MAX) });
export const moderationAnswer = z.object({ messageId: z.uuid(), hidden: z.boolean(), resolvedComplaints: z.number() });
