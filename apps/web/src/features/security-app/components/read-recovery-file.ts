import { recoveryFile } from '@bw/contracts';

/** The recovery secret of a recovery file the user picked, or null when it is not one. */
export const readRecoverySecret = async (file: File): Promise<string | null> => {
  try {
    const parsed = recoveryFile.safeParse(JSON.parse(await file.text()));
    return parsed.success ? parsed.data.recoverySecret : null;
  } catch {
    return null;
  }
};
