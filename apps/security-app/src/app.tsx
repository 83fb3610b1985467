import { type RecoveryFile, recoveryFile, type SigningRequestView } from '@bw/contracts';
import { parseCanonicalSigningPayload } from '@bw/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, approve, disconnect, linkApp, listPending, reject } from './api';
import { clearLink, generateKeyPair, loadLink, type StoredLink, saveLink, signText } from './key-store';

/** New requests show up within this time (the app has no session socket; ADR 0007). */
const POLL_MS = 2_000;

type Screen =
  | { name: 'loading' }
  | { name: 'unlinked'; notice?: string }
  | { name: 'recovery'; link: StoredLink; file: RecoveryFile }
  | { name: 'linked'; link: StoredLink };

const messageOf = (error: unknown): string =>
  error instanceof ApiError ? error.message : 'Es ist ein Fehler aufgetreten. Bitte versuche es nochmal.';

const downloadRecoveryFile = (file: RecoveryFile) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = 'security-app-wiederherstellung.json';
  anchor.click();
  URL.revokeObjectURL(url);
};

export const App = () => {
  const [screen, setScreen] = useState<Screen>({ name: 'loading' });
  useEffect(() => {
    void loadLink().then((link) => setScreen(link ? { name: 'linked', link } : { name: 'unlinked' }));
  }, []);
  const unlinked = useCallback(async (notice?: string) => {
    await clearLink();
    setScreen(notice ? { name: 'unlinked', notice } : { name: 'unlinked' });
  }, []);

  return (
    <main>
      <h1>Sicherheits-App</h1>
      {screen.name === 'loading' && <p aria-busy="true">Wird geladen …</p>}
      {screen.name === 'unlinked' && (
        <LinkScreen
          {...(screen.notice ? { notice: screen.notice } : {})}
          onLinked={(link, file) => setScreen({ name: 'recovery', link, file })}
        />
      )}
      {screen.name === 'recovery' && (
        <RecoveryScreen file={screen.file} onDone={() => setScreen({ name: 'linked', link: screen.link })} />
      )}
      {screen.name === 'linked' && <RequestsScreen link={screen.link} onUnlinked={unlinked} />}
    </main>
  );
};

const LinkScreen = ({
  notice,
  onLinked,
}: {
  notice?: string;
  onLinked: (link: StoredLink, file: RecoveryFile) => void;
}) => {
  const [code, setCode] = useState(() => new URLSearchParams(window.location.search).get('code') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const keys = await generateKeyPair();
      const result = await linkApp(code, keys.publicKey);
      const link: StoredLink = {
        privateKey: keys.privateKey,
        publicKey: keys.publicKey,
        deviceToken: result.deviceToken,
        userId: result.userId,
        securityAppId: result.securityAppId,
      };
      await saveLink(link);
      onLinked(link, {
        format: 'brickwise-security-app-recovery',
        version: 1,
        userId: result.userId,
        securityAppId: result.securityAppId,
        publicKey: keys.publicKey,
        recoverySecret: result.recoverySecret,
        createdAt: new Date().toISOString(),
      });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit}>
      {notice && <p role="status">{notice}</p>}
      <p>Gib den Kopplungscode ein, den dir die App unter „Sicherheits-App verbinden“ zeigt.</p>
      <label htmlFor="pairing-code">Kopplungscode</label>
      <input
        id="pairing-code"
        type="text"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className="actions">
        <button className="primary" type="submit" disabled={busy || code.trim().length < 8}>
          Koppeln
        </button>
      </p>
    </form>
  );
};

const RecoveryScreen = ({ file, onDone }: { file: RecoveryFile; onDone: () => void }) => {
  const [saved, setSaved] = useState(false);
  return (
    <section className="card">
      <h2>Gekoppelt. Sichere jetzt deine Wiederherstellungsdatei</h2>
      <p>
        Ohne diese Datei kannst du die Sicherheits-App nicht entfernen. Bewahre sie sicher auf, nicht auf diesem Gerät
        allein. Sie wird nur jetzt angeboten.
      </p>
      <p className="actions">
        <button
          type="button"
          onClick={() => {
            downloadRecoveryFile(file);
            setSaved(true);
          }}
        >
          Wiederherstellungsdatei herunterladen
        </button>
        <button className="primary" type="button" disabled={!saved} onClick={onDone}>
          Weiter
        </button>
      </p>
    </section>
  );
};

/** Signs only what it can read: the canonical text of its own fields, naming this request and user. */
const payloadProblem = (request: SigningRequestView, link: StoredLink): string | null => {
  const fields = parseCanonicalSigningPayload(request.canonicalPayload);
  if (!fields) return 'Die Anfrage ist nicht lesbar.';
  if (fields.requestId !== request.id || fields.userId !== link.userId) return 'Die Anfrage gehört nicht zu dir.';
  if (Date.parse(fields.expiresAt ?? '') <= Date.now()) return 'Die Anfrage ist abgelaufen.';
  return null;
};

const RequestsScreen = ({ link, onUnlinked }: { link: StoredLink; onUnlinked: (notice?: string) => Promise<void> }) => {
  const [requests, setRequests] = useState<SigningRequestView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setRequests(await listPending(link.deviceToken));
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'SECURITY_APP_UNAUTHENTICATED')
        await onUnlinked('Diese Sicherheits-App ist nicht mehr verbunden. Du kannst sie neu koppeln.');
      else setError(messageOf(caught));
    }
  }, [link, onUnlinked]);

  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  const answer = async (request: SigningRequestView, kind: 'approve' | 'reject') => {
    setBusyId(request.id);
    setError(null);
    try {
      if (kind === 'approve') {
        const problem = payloadProblem(request, link);
        if (problem) throw new Error(problem);
        await approve(link.deviceToken, request.id, await signText(link.privateKey, request.canonicalPayload));
      } else {
        await reject(link.deviceToken, request.id);
      }
      await refresh();
    } catch (caught) {
      setError(caught instanceof ApiError || !(caught instanceof Error) ? messageOf(caught) : caught.message);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <h2>Offene Anfragen</h2>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {requests === null && <p aria-busy="true">Wird geladen …</p>}
      {requests?.length === 0 && <p className="card">Keine offenen Anfragen. Neue erscheinen hier automatisch.</p>}
      {requests?.map((request) => (
        <article className="card" key={request.id} data-testid="signing-request" aria-label={request.title}>
          <h3>{request.title}</h3>
          <dl>
            {request.lines.map((line) => (
              <div key={line.label} style={{ display: 'contents' }}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
            <dt>Gültig bis</dt>
            <dd>{new Date(request.expiresAt).toLocaleString('de-AT')}</dd>
          </dl>
          <details>
            <summary>Signierte Daten</summary>
            <code>{request.canonicalPayload}</code>
          </details>
          <p className="actions">
            <button type="button" disabled={busyId !== null} onClick={() => void answer(request, 'reject')}>
              Ablehnen
            </button>
            <button
              className="primary"
              type="button"
              disabled={busyId !== null}
              onClick={() => void answer(request, 'approve')}
            >
              Bestätigen
            </button>
          </p>
        </article>
      ))}
      <UnlinkSection link={link} onUnlinked={onUnlinked} />
    </>
  );
};

const UnlinkSection = ({ link, onUnlinked }: { link: StoredLink; onUnlinked: (notice?: string) => Promise<void> }) => {
  const [error, setError] = useState<string | null>(null);
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      const parsed = recoveryFile.safeParse(JSON.parse(await file.text()));
      if (!parsed.success || parsed.data.securityAppId !== link.securityAppId)
        throw new Error('Diese Datei ist keine Wiederherstellungsdatei dieser Sicherheits-App.');
      await disconnect(link.deviceToken, parsed.data.recoverySecret);
      await onUnlinked('Die Sicherheits-App wurde entfernt.');
    } catch (caught) {
      setError(caught instanceof ApiError || !(caught instanceof Error) ? messageOf(caught) : caught.message);
    }
  };
  return (
    <section className="card">
      <h2>Sicherheits-App entfernen</h2>
      <p className="muted">
        Zum Entfernen brauchst du die Wiederherstellungsdatei, die du beim Koppeln gesichert hast.
      </p>
      <label htmlFor="recovery-import">Wiederherstellungsdatei importieren</label>
      <input
        id="recovery-import"
        type="file"
        accept="application/json,.json"
        onChange={(event) => void importFile(event.target.files?.[0])}
      />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
};
