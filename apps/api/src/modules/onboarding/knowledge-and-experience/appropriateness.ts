import type { Db } from '@bw/db';
import { type KaeRating, rateAppropriateness, type SecurityType } from '@bw/domain';
import { findKaeRecord, type KaeRow, toKaeRecord } from './knowledge-and-experience.repo.js';

/**
 * The appropriateness rating of a user for one security type (spec sections 3 and 5), for the
 * purchase flows: `NotProvided` when the user skipped the questionnaire, `NoInformation` when
 * it is not answered, else `Appropriate` or `NotAppropriate` by knowledge of or experience with
 * a comparable product (`comparableProducts` in `@bw/domain`). A mismatch (anything but
 * `Appropriate`) shows the warning with 'Continue purchase' or 'Update details'.
 */
export const appropriatenessFor = async (db: Db, userId: string, securityType: SecurityType): Promise<KaeRating> =>
  rateAppropriateness(await findKaeRecord(db, userId), securityType);

/** The same rating from a knowledge-and-experience row read with other facts (or none). */
export const appropriatenessOfRow = (row: KaeRow | null | undefined, securityType: SecurityType): KaeRating =>
  rateAppropriateness(toKaeRecord(row ?? undefined), securityType);
