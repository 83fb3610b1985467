import { type core, z } from 'zod';
import german from 'zod/v4/locales/de.js';

/**
 * The back office speaks German (ADR 0015, back office): where a contract rule brings no message of
 * its own, the common cases get a plain German sentence, everything else zod's German locale.
 */
export const germanFieldMessage: core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_small' && issue.origin === 'string')
    return Number(issue.minimum) <= 1 ? 'Bitte ausfüllen.' : `Bitte mindestens ${issue.minimum} Zeichen eingeben.`;
  if (issue.code === 'too_big' && issue.origin === 'string') return `Höchstens ${issue.maximum} Zeichen.`;
  if (issue.code === 'too_small' && ['number', 'int', 'bigint'].includes(issue.origin))
    return issue.inclusive === false ? `Bitte mehr als ${issue.minimum} eingeben.` : `Mindestens ${issue.minimum}.`;
  if (issue.code === 'too_big' && ['number', 'int', 'bigint'].includes(issue.origin))
    return issue.inclusive === false ? `Bitte weniger als ${issue.maximum} eingeben.` : `Höchstens ${issue.maximum}.`;
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'Bitte eine gültige E-Mail-Adresse eingeben.';
  if (issue.code === 'invalid_format') return 'Das Format stimmt nicht.';
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return 'Bitte ausfüllen.';
  return undefined;
};

/** zod's messages in German for the whole back office (its entry, main.tsx, calls this once). */
export const speakGermanInZodMessages = (): void => {
  z.config(german());
  z.config({ customError: germanFieldMessage });
};
