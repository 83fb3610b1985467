import type { bavSession } from '@bw/contracts';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { findCurrentVerification } from '../identification.repo.js';
import type { IdentificationContext } from '../identification-context.js';

type BavSession = z.infer<typeof bavSession>;

/** A bank-account verification session, only while the provider asks for one (`bavRequired`). */
export const openBavSession = async (context: IdentificationContext, userId: string): Promise<BavSession> => {
  const verification = await findCurrentVerification(context.app.db, userId);
  if (verification?.status !== 'bavRequired') throw new AppError('SIGNATURE_STEP_INVALID');
  return context.provider.documentIdent.openBavSession({ caseId: verification.providerRef });
};
