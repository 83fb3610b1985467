import type { AppConfig } from '../config.js';
import { PROVIDER_SETTING, type ProviderKind } from './settings.js';

export type { ProviderKind } from './settings.js';

/** The adapter configured for each provider kind, e.g. `{ email: 'smtp', payments: 'sandbox', … }`. */
export type ProviderSelection = Record<ProviderKind, string>;

export const selectProviders = (config: AppConfig): ProviderSelection =>
  Object.fromEntries(
    Object.entries(PROVIDER_SETTING).map(([kind, setting]) => [kind, config[setting]]),
  ) as ProviderSelection;

/**
 * The provider kinds that run on a sandbox adapter under this configuration, each with the setting
 * that would change it — what a production start must refuse unless the demo setting allows it
 * (issue 18; the check itself lives with the configuration's production rules).
 */
export const sandboxProviders = (config: AppConfig): { kind: ProviderKind; setting: string }[] =>
  (Object.entries(selectProviders(config)) as [ProviderKind, string][])
    .filter(([, adapter]) => adapter === 'sandbox')
    .map(([kind]) => ({ kind, setting: PROVIDER_SETTING[kind] }));
