import type { FileRef, PhoneRequestBody, SupportRequestBody } from '@bw/contracts';
import { type Db, supportRequests } from '@bw/db';
import { normalizePhone } from '@bw/domain';
import type { Outbox } from '../../../jobs/outbox.js';
import { composeEmail } from '../../auth/emails/layout.js';
import { brandOf } from '../../auth/emails/send-account-email.js';
import { attachOwnFiles } from '../../files/operations/attach-files.js';

const WEEKDAYS = ['', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'];
export const weekdayName = (weekday: number): string => WEEKDAYS[weekday] ?? '';
export const timeWindowLabel = (window: string): string => `${window.replace('-', ':00 bis ')}:00 Uhr`;

const attachmentLines = (files: FileRef[]): string =>
  files.length === 0 ? '' : `\n\nAnhänge:\n${files.map((file) => `- ${file.fileName}`).join('\n')}`;

type Requester = { userId: string; email: string; partnerId: string };
type Deps = { db: Db; outbox: Outbox };

/** The confirmation e-mail of a request, German text and HTML in the partner's look. */
const confirm = async (tx: Db, outbox: Outbox, id: string, user: Requester, subject: string, paragraphs: string[]) =>
  outbox.enqueue(tx, 'notifications.send-email', `support-confirmation:${id}`, {
    to: user.email,
    ...composeEmail(await brandOf(tx, user.partnerId), { subject, paragraphs }),
  });

/**
 * "Schreib uns" (`POST /api/v1/support/request`): lands in the back office's support queue and
 * confirms by e-mail in the same transaction; the staff answer comes back into the inbox.
 */
export const createMessageRequest = (deps: Deps, user: Requester, body: SupportRequestBody) =>
  deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({
        userId: user.userId,
        email: user.email,
        kind: 'message',
        subject: body.subject,
        message: body.message,
        attachments: [...new Set(body.attachments)],
      })
      .returning({ id: supportRequests.id });
    if (!row) throw new Error('support request not stored');
    const attached = await attachOwnFiles(tx, user.userId, body.attachments, { kind: 'supportRequest', id: row.id });
    await confirm(tx, deps.outbox, row.id, user, `Deine Nachricht ist bei uns: ${body.subject}`.slice(0, 200), [
      'Danke für deine Nachricht. Wir melden uns in der Regel innerhalb von zwei Werktagen; die Antwort findest du in deinem Postfach.',
      `Deine Nachricht:\n${body.message}${attachmentLines(attached)}`,
    ]);
    return { id: row.id, kind: 'message' as const };
  });

/** "Rückruf" (`POST /api/v1/support/phoneRequest`): weekday, time window, phone (E.164), message. */
export const createCallbackRequest = (deps: Deps, user: Requester, body: PhoneRequestBody) =>
  deps.db.transaction(async (tx) => {
    const phone = normalizePhone(body.phone);
    // The contract refused an invalid number already; this only narrows the type.
    if (!phone.ok) throw new Error('phone passed the contract but does not normalise');
    const [row] = await tx
      .insert(supportRequests)
      .values({
        userId: user.userId,
        email: user.email,
        kind: 'callback',
        subject: 'Rückruf',
        message: body.message,
        weekday: body.weekday,
        timeWindow: body.timeWindow,
        phone: phone.e164,
      })
      .returning({ id: supportRequests.id });
    if (!row) throw new Error('support request not stored');
    await confirm(tx, deps.outbox, row.id, user, 'Wir rufen dich zurück', [
      `Wir rufen dich am nächsten ${weekdayName(body.weekday)} zwischen ${timeWindowLabel(body.timeWindow)} unter ${phone.e164} an.`,
    ]);
    return { id: row.id, kind: 'callback' as const };
  });
