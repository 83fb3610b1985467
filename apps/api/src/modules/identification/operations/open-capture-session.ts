import { AppError } from '../../../lib/app-error.js';
import type { CaptureSession } from '../../../providers/identity-verification/identity-verification-provider.js';
import { findCurrentVerification } from '../identification.repo.js';
import type { IdentificationContext } from '../identification-context.js';

/**
 * The token for the provider's own capture SDK (Onfido's web and native SDK), for the caller's open
 * document identification; 404 where the provider captures by upload to our API (the sandbox).
 */
export const openCaptureSession = async (context: IdentificationContext, userId: string): Promise<CaptureSession> => {
  const capture = context.provider.documentIdent.captureSession;
  if (!capture) throw new AppError('NOT_FOUND');
  const verification = await findCurrentVerification(context.app.db, userId);
  if (verification?.provider !== 'docident' || verification.status !== 'kycRequired')
    throw new AppError('IDENTIFICATION_NOT_STARTED');
  return capture({ caseId: verification.providerRef });
};
