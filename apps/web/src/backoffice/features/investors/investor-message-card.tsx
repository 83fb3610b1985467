import { INVESTOR_MESSAGE_BODY_MAX, INVESTOR_MESSAGE_TITLE_MAX } from '@bw/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, ErrorNotice, Notice, TextArea, TextField } from '../../components/ui';
import { sendMessage } from './api';

/**
 * A message to the investor (spec notification type `text`): it lands in the investor's inbox and
 * goes out by push and e-mail as the investor set; the audit keeps what was sent.
 */
export const InvestorMessageCard = ({ id }: { readonly id: string }) => {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: () => sendMessage(id, { title: title.trim(), body: body.trim() }),
    onSuccess: () => {
      setTitle('');
      setBody('');
      setSent(true);
    },
  });
  return (
    <Card title="Nachricht an den Investor">
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          setSent(false);
          send.mutate();
        }}
      >
        <TextField
          label="Betreff"
          value={title}
          maxLength={INVESTOR_MESSAGE_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextArea
          label="Nachricht"
          hint="Erscheint im Postfach des Investors; Push und E-Mail nach seinen Einstellungen."
          value={body}
          maxLength={INVESTOR_MESSAGE_BODY_MAX}
          onChange={(event) => setBody(event.target.value)}
        />
        <ErrorNotice error={send.error} />
        {sent && !send.error ? <Notice>Die Nachricht ist im Postfach des Investors.</Notice> : null}
        <Button
          type="submit"
          variant="primary"
          busy={send.isPending}
          disabled={title.trim() === '' || body.trim() === ''}
        >
          Nachricht senden
        </Button>
      </form>
    </Card>
  );
};
