import { type core, z } from 'zod';
import german from 'zod/v4/locales/de.js';

/**
 * The product speaks German, also where a contract rule brings no message of its own (ADR 0015):
 * the common cases get a plain German sentence, everything else zod's German locale. The API's
 * `fields` answers and the back office's forms use it; a rule's own message always wins.
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

/** zod's messages in German for the whole process: the API (app.ts) and the back office (main.tsx) call it once. */
export const speakGermanInZodMessages = (): void => {
  z.config(german());
  z.config({ customError: germanFieldMessage });
};
