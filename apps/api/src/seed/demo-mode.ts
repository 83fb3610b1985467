import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Db, staffMembers, users } from '@bw/db';
import { count, like } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { ProviderAdapters } from '../providers/index.js';

/**
 * Demo mode (ADR 0022, issue 18 defect 1): the one setting that allows anything made for a demo —
 * the demo seed, sandbox providers, the demo accounts and their keys. On by default outside
 * production; with NODE_ENV=production only when DEMO_MODE=true is given.
 */
export const demoModeOf = (config: Pick<AppConfig, 'DEMO_MODE' | 'NODE_ENV'>): boolean =>
  config.DEMO_MODE ?? config.NODE_ENV !== 'production';

/** The seed a start runs: SEED when set, else `demo` in demo mode and `none` otherwise. */
export const seedOf = (config: Pick<AppConfig, 'DEMO_MODE' | 'NODE_ENV' | 'SEED'>): 'demo' | 'none' =>
  config.SEED ?? (demoModeOf(config) ? 'demo' : 'none');

/** Every demo account (investors and staff) has an address of this domain (seed/investors.ts, seed/staff.ts). */
export const DEMO_EMAIL_DOMAIN = 'demo.brickwise.at';

/** Where the seed writes the demo investors' security-app keys and the demo staff's logins. */
export const demoFilesDir = (config: Pick<AppConfig, 'DATA_DIR'>): string => path.join(config.DATA_DIR, 'demo');

export class DemoModeError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Refusing to start: NODE_ENV=production without DEMO_MODE=true, but\n${problems.map((problem) => `  - ${problem}`).join('\n')}\nSet DEMO_MODE=true only for a demo installation (ADR 0022, docs/runbooks/demo-mode.md).`,
    );
    this.name = 'DemoModeError';
  }
}

/** Throws unless the seed may run: in production only with DEMO_MODE=true. */
export const assertSeedAllowed = (config: Pick<AppConfig, 'DEMO_MODE' | 'NODE_ENV'>): void => {
  if (!demoModeOf(config)) throw new DemoModeError(['the demo seed was asked for (SEED=demo)']);
};

type StartFacts = {
  config: Pick<AppConfig, 'DEMO_MODE' | 'NODE_ENV' | 'SEED' | 'DATA_DIR'>;
  adapters: ProviderAdapters;
  db: Db;
};

const demoAccounts = async (db: Db): Promise<number> => {
  const pattern = `%@${DEMO_EMAIL_DOMAIN}`;
  const [investors] = await db.select({ n: count() }).from(users).where(like(users.email, pattern));
  const [staff] = await db.select({ n: count() }).from(staffMembers).where(like(staffMembers.email, pattern));
  return (investors?.n ?? 0) + (staff?.n ?? 0);
};

/**
 * What a start outside demo mode must not have: the demo seed, a sandbox provider, demo accounts
 * (whose passwords are in the README) or demo key files. Empty in demo mode.
 */
export const startProblems = async ({ config, adapters, db }: StartFacts): Promise<string[]> => {
  if (demoModeOf(config)) return [];
  const problems: string[] = [];
  if (config.SEED === 'demo') problems.push('the demo seed was asked for (SEED=demo)');
  const sandboxes = Object.entries(adapters)
    .filter(([, adapter]) => adapter === 'sandbox')
    .map(([name]) => name);
  if (sandboxes.length > 0) problems.push(`sandbox providers are configured: ${sandboxes.join(', ')}`);
  const accounts = await demoAccounts(db);
  if (accounts > 0) problems.push(`the database holds ${accounts} demo account(s) (@${DEMO_EMAIL_DOMAIN})`);
  if (existsSync(demoFilesDir(config))) problems.push(`demo keys are present in ${demoFilesDir(config)}`);
  return problems;
};

/** Throws a DemoModeError naming every problem, so the start stops with one clear message. */
export const assertStartAllowed = async (facts: StartFacts): Promise<void> => {
  const problems = await startProblems(facts);
  if (problems.length > 0) throw new DemoModeError(problems);
};

/** The start's log line: which seed ran and which adapter stands behind each provider. */
export const startSummary = (config: StartFacts['config'], adapters: ProviderAdapters) => ({
  demoMode: demoModeOf(config),
  seed: seedOf(config),
  providers: adapters,
});
