/**
 * The browser verifier page (docs/register/verifizieren.md): reads a proof file (and optionally a
 * published root and the platform key) from the investor's disk and checks it with the same module
 * the command line uses. It makes no network request: the page's Content-Security-Policy forbids
 * every connection, so it works saved to disk and offline too.
 */

import type { LogSummary } from '../log.js';
import { describeFailure, describePass } from '../messages.js';
import type { ProofSummary } from '../proof.js';
import { type RegisterVerification, verifyRegisterFile } from '../verify.js';

type Child = Node | string | null | false;
const el = (tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== false) node.append(child);
  return node;
};

const kindLabels: Record<string, string> = {
  purchase: 'Kauf vom Emittenten',
  trade: 'Handel am Schwarzen Brett',
  cancellation: 'Storno an den Emittenten',
  issuance: 'Zuteilung',
  correction: 'Korrektur',
};

const dateTime = new Intl.DateTimeFormat('de-AT', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/Vienna',
});
const formatTime = (iso: string): string => `${dateTime.format(new Date(iso))}`;
const formatShares = (shares: string): string => shares.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

const row = (label: string, value: Child, code = false): HTMLElement =>
  el('div', { class: 'row' }, el('dt', {}, label), el('dd', code ? { class: 'mono' } : {}, value));

const proofSummary = (summary: ProofSummary, valid: boolean): HTMLElement =>
  el(
    'section',
    { class: 'summary' },
    el('h2', {}, valid ? 'Deine Anteile laut Register' : 'Angaben der Datei (nicht bestätigt)'),
    valid &&
      el(
        'p',
        { class: 'shares', 'data-testid': 'register-verify-shares' },
        `${formatShares(summary.shares)} ${summary.shares === '1' ? 'Anteil' : 'Anteile'}`,
      ),
    valid &&
      el(
        'p',
        { class: 'hint' },
        'Vergleiche diese Zahl mit deinem Bestand in der App. Der Nachweis enthält alle deine Einträge bis zur jüngsten Wurzel.',
      ),
    el(
      'dl',
      {},
      row('Objekt-ID', summary.assetId, true),
      row('Dein Pseudonym', summary.pseudonym, true),
      row('Jüngste Wurzel', `${summary.latestRoot.treeSize} Einträge, ${formatTime(summary.latestRoot.timestamp)}`),
      row('Wurzel-Hash', summary.latestRoot.rootHash, true),
      row('Plattform-Schlüssel', summary.platformKeyId, true),
    ),
    el(
      'p',
      { class: 'hint' },
      'Der Wurzel-Hash und der Plattform-Schlüssel müssen mit den veröffentlichten Werten übereinstimmen.',
    ),
    el('h3', {}, 'Deine Einträge'),
    el(
      'table',
      {},
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', {}, 'Nr. im Register'),
          el('th', {}, 'Zeit'),
          el('th', {}, 'Art'),
          el('th', { class: 'num' }, 'Anteile'),
        ),
      ),
      el(
        'tbody',
        {},
        ...summary.movements.map((movement) =>
          el(
            'tr',
            {},
            el('td', {}, String(movement.seq)),
            el('td', {}, formatTime(movement.time)),
            el('td', {}, kindLabels[movement.kind] ?? movement.kind),
            el('td', { class: 'num' }, `${movement.direction === 'in' ? '+' : '−'}${formatShares(movement.shares)}`),
          ),
        ),
      ),
    ),
  );

const logSummary = (summary: LogSummary): HTMLElement =>
  el(
    'section',
    { class: 'summary' },
    el('h2', {}, 'Gesamtes Register des Objekts'),
    el(
      'dl',
      {},
      row('Objekt-ID', summary.assetId, true),
      row('Einträge', String(summary.entries)),
      row('Inhaber mit Bestand', String(Object.keys(summary.holdings).length)),
      row('Wurzeln', String(summary.rootCount)),
      summary.latestRoot === null ? null : row('Wurzel-Hash', summary.latestRoot.rootHash, true),
      row('Plattform-Schlüssel', summary.platformKeyId, true),
    ),
  );

const showResult = (target: HTMLElement, result: RegisterVerification): void => {
  const status = el(
    'div',
    {
      class: `status ${result.ok ? 'ok' : 'bad'}`,
      role: 'status',
      'data-testid': 'register-verify-result',
      'data-valid': String(result.ok),
    },
    el('strong', {}, result.ok ? 'Der Nachweis ist gültig.' : 'Der Nachweis ist ungültig.'),
    el(
      'span',
      {},
      result.ok
        ? ' Alle Prüfungen sind bestanden: Deine Einträge stehen unverändert im veröffentlichten Register.'
        : ' Mindestens eine Prüfung ist fehlgeschlagen. Verlass dich nicht auf diese Datei und melde dich bei uns.',
    ),
  );
  const failures =
    result.failures.length === 0
      ? null
      : el(
          'section',
          {},
          el('h2', {}, 'Was nicht stimmt'),
          el(
            'ul',
            { class: 'failures', 'data-testid': 'register-verify-failures' },
            ...result.failures.map((f) => el('li', {}, describeFailure(f, 'de'))),
          ),
        );
  const passed =
    result.passed.length === 0
      ? null
      : el(
          'section',
          {},
          el('h2', {}, 'Bestandene Prüfungen'),
          el('ul', { class: 'passed' }, ...result.passed.map((p) => el('li', {}, describePass(p, 'de')))),
        );
  const summary =
    result.kind === 'proof' && result.summary !== null
      ? proofSummary(result.summary, result.ok)
      : result.kind === 'log' && result.summary !== null
        ? logSummary(result.summary)
        : null;
  target.replaceChildren(status, ...[failures, passed, summary].filter((node): node is HTMLElement => node !== null));
};

const readFile = (input: HTMLInputElement): Promise<string | undefined> => {
  const file = input.files?.[0];
  return file === undefined ? Promise.resolve(undefined) : file.text();
};

const start = (): void => {
  const form = document.getElementById('verify-form') as HTMLFormElement;
  const proofInput = document.getElementById('proof-file') as HTMLInputElement;
  const rootInput = document.getElementById('root-file') as HTMLInputElement;
  const keyInput = document.getElementById('platform-key') as HTMLInputElement;
  const result = document.getElementById('result') as HTMLElement;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const proofText = await readFile(proofInput);
      if (proofText === undefined) {
        result.replaceChildren(
          el('div', { class: 'status bad', role: 'status' }, 'Wähle zuerst deine Nachweis-Datei aus.'),
        );
        return;
      }
      const rootText = await readFile(rootInput);
      const platformPublicKey = keyInput.value.trim();
      showResult(
        result,
        verifyRegisterFile(proofText, {
          ...(rootText === undefined ? {} : { rootText }),
          ...(platformPublicKey === '' ? {} : { platformPublicKey }),
        }),
      );
      result.focus();
    })();
  });
};

start();
