import type { KaeAnswers, KaeBoundary } from '@bw/domain';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Spec sections 3 and 4, the knowledge-and-experience questionnaire (issue 5): one row per user
 * once the questionnaire is answered or skipped. `answers` holds the answers of the old or the
 * new flow (the values spec section 3 stores); a skip stores no answers and the confirmation time
 * instead. `status` and `boundary` are the appropriateness ratings computed when the row was
 * written (`complianceInformation.knowledgeAndExperienceStatus` and `...Boundary`).
 */
export const knowledgeAndExperience = pgTable('knowledge_and_experience', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `old` or `new` (spec section 4); null when skipped. */
  flow: text('flow', { enum: ['old', 'new'] }),
  answers: jsonb('answers').$type<KaeAnswers>(),
  /** NotProvided (skipped), Appropriate or NotAppropriate; no row means NoInformation. */
  status: text('status', { enum: ['NotProvided', 'Appropriate', 'NotAppropriate'] }).notNull(),
  /** The rating of every security type for the answers; null when skipped. */
  boundary: jsonb('boundary').$type<KaeBoundary>(),
  /** True after the skip (`noKnowledgeAndExperience`); the answers are then null. */
  skipped: boolean('skipped').notNull().default(false),
  /** When the user confirmed that without answers the appropriateness check is not possible. */
  skippedAt: timestamp('skipped_at', { withTimezone: true }),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
