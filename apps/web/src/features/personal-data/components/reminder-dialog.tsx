import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { useFamily, useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { type ReminderType, useCreateReminder } from '../api/create-reminder';
import { comingSundayAfternoon, tomorrowEvening } from '../lib/reminder-dates';

type Choice = 'tomorrow' | 'sunday' | 'cancel';

const dateFor = (choice: Choice, now: Date): string | null => {
  switch (choice) {
    case 'tomorrow':
      return tomorrowEvening(now).toISOString();
    case 'sunday':
      return comingSundayAfternoon(now).toISOString();
    case 'cancel':
      return null;
  }
};

/**
 * Spec section 4, Identification reminder: tomorrow 18:00, the coming Sunday 15:00, or no reminder
 * (`POST /api/v1/reminder`, date null); all three return to the marketplace.
 */
export const ReminderDialog = ({
  open,
  onClose,
  type = 'identification',
}: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly type?: ReminderType;
}) => {
  const { t } = useTranslation();
  const family = useFamily();
  const href = useScreenHref();
  const navigate = useNavigate();
  const reminder = useCreateReminder();
  const [failed, setFailed] = useState(false);
  const choose = async (choice: Choice) => {
    setFailed(false);
    try {
      await reminder.mutateAsync({ type, date: dateFor(choice, new Date()) });
      onClose();
      void navigate(href({ key: 'marketplace' }));
    } catch {
      setFailed(true);
    }
  };
  const choices = [
    { choice: 'tomorrow', label: t('reminder.tomorrow'), variant: 'primary' },
    { choice: 'sunday', label: t('reminder.sunday'), variant: 'secondary' },
    { choice: 'cancel', label: t('reminder.cancel'), variant: 'ghost' },
  ] as const;
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title={t('reminder.title')}
      variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
    >
      <p className="text-base text-navy-700">{t('reminder.text')}</p>
      <div className="mt-6 flex flex-col gap-3">
        {choices.map((entry) => (
          <Button
            key={entry.choice}
            block
            variant={entry.variant}
            disabled={reminder.isPending}
            onClick={() => void choose(entry.choice)}
          >
            {entry.label}
          </Button>
        ))}
        {failed && (
          <p role="alert" className="text-sm font-medium text-danger">
            {t('reminder.failed')}
          </p>
        )}
      </div>
    </BottomSheet>
  );
};
