import type { ComplianceInformationView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { findKaeRow } from './knowledge-and-experience.repo.js';

/**
 * The knowledge-and-experience part of `GET /api/v1/user` (spec section 3): `complianceInformation`
 * and whether `registrationProcessStatus.knowledgeAndExperience` is done (answered or skipped).
 */
export const loadKaeCompliance = async (
  db: Db,
  userId: string,
): Promise<{ done: boolean; complianceInformation: ComplianceInformationView }> => {
  const row = await findKaeRow(db, userId);
  return {
    done: row !== undefined,
    complianceInformation: {
      knowledgeAndExperience: row?.answers ?? null,
      knowledgeAndExperienceStatus: row?.status ?? 'NoInformation',
      knowledgeAndExperienceBoundary: row?.boundary ?? null,
      knowledgeAndExperienceUpdatedAt: row?.updatedAt.toISOString() ?? null,
    },
  };
};
