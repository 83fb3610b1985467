/** Job and outbox names of the forum (issue 24). */
export const VOTING_PHASE_CHANGED_TOPIC = 'forum.voting-phase-changed';
export const FORUM_ADVANCE_VOTING_JOB = 'forum.advance-voting';
export const FORUM_ADVANCE_DUE_VOTINGS_JOB = 'forum.advance-due-votings';
/** Every minute: any voting whose phase is due and whose job got lost. */
export const FORUM_ADVANCE_DUE_VOTINGS_CRON = '* * * * *';
