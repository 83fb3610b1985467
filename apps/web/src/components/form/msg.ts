import type { TranslationKey } from '@bw/i18n';

/**
 * A schema's messages are catalogue keys (`msg('auth.emailRequired')`), translated when the form shows
 * them (use-zod-form.ts); the type check keeps a misspelt key from compiling. Its own module, so a
 * schema file needs neither React nor the form library.
 */
export const msg = (key: TranslationKey): string => key;
