import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { readDemoFile } from './demo-files.js';

/** The demo staff of DATA_DIR/demo/backoffice-staff.json (demo seed): Clara (compliance) and Otto (operator). */
type DemoStaff = {
  password: string;
  staff: { email: string; displayName: string; role: string; totpSecret: string }[];
};
export const staffMember = (role: 'compliance' | 'operator') => {
  const demo = readDemoFile<DemoStaff>('backoffice-staff.json');
  const member = demo.staff.find((entry) => entry.role === role);
  if (!member) throw new Error(`no demo staff member with role ${role}`);
  return { ...member, password: demo.password };
};

const TOTP_PERIOD_S = 30;

/** Kept in a file: Playwright may start a new worker process per project, and a map would forget. */
const STEPS_FILE = path.join(import.meta.dirname, '../../.tmp/e2e-totp-steps.json');
const usedSteps = {
  get: (email: string): number | undefined => {
    try {
      return (JSON.parse(fs.readFileSync(STEPS_FILE, 'utf8')) as Record<string, number>)[email];
    } catch {
      return undefined;
    }
  },
  set: (email: string, step: number): void => {
    let steps: Record<string, number> = {};
    try {
      steps = JSON.parse(fs.readFileSync(STEPS_FILE, 'utf8')) as Record<string, number>;
    } catch {
      // first login of the run
    }
    fs.mkdirSync(path.dirname(STEPS_FILE), { recursive: true });
    fs.writeFileSync(STEPS_FILE, JSON.stringify({ ...steps, [email]: step }));
  },
};
/**
 * Logs a demo staff member in with the second factor, computing the code from the demo secret like
 * an authenticator app. A code is accepted once per member (replay protection): when the current
 * step was already used (a second login within 30 s), the test waits for the next one.
 */
export const staffLogin = async (browser: Browser, baseURL: string, role: 'compliance' | 'operator'): Promise<Page> => {
  const member = staffMember(role);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'de-AT' });
  const page = await context.newPage();
  let step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);
  if ((usedSteps.get(member.email) ?? -1) >= step) {
    await page.waitForTimeout((step + 1) * TOTP_PERIOD_S * 1000 - Date.now() + 200);
    step += 1;
  }
  usedSteps.set(member.email, step);
  await page.goto('/backoffice/anmelden');
  await page.getByLabel('E-Mail-Adresse').fill(member.email);
  await page.getByLabel('Passwort').fill(member.password);
  // The code of the recorded step, not of the clock at this moment: a login that crosses a step
  // boundary would otherwise use (and burn) the next step while the file records this one.
  const code = await generate({ secret: member.totpSecret, epoch: step * TOTP_PERIOD_S });
  await page.getByLabel('Code aus der Authenticator-App').fill(code);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('staff-menu')).toContainText(member.displayName);
  return page;
};

const DOCS_DIR = path.join(import.meta.dirname, '../../docs/screenshots');

/** Screenshots of the back office at 1280x800 into docs/screenshots/backoffice-*.png (UPDATE_SCREENSHOTS=1). */
export const backofficeShot = async (page: Page, name: string) => {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: path.join(DOCS_DIR, `backoffice-${name}.png`), animations: 'disabled' });
};

/** A small valid PNG (a blue square), for the asset photo upload. */
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGElEQVR4nGNkaPjPQApgIkn1qIZRDcNKAwBbnAG/ynLYSAAAAABJRU5ErkJggg==',
  'base64',
);
