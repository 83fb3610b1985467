import { useState } from 'react';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { useFamily } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';

type Props = {
  readonly open: boolean;
  readonly pending: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
};

/** Spec section 4: the questionnaire may be skipped only after confirming that the appropriateness check is then not possible. */
export const SkipDialog = ({ open, pending, onCancel, onConfirm }: Props) => {
  const { t } = useTranslation();
  const family = useFamily();
  const [understood, setUnderstood] = useState(false);
  const close = () => {
    setUnderstood(false);
    onCancel();
  };
  return (
    <BottomSheet
      open={open}
      onClose={close}
      title={t('kae.skipTitle')}
      variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
    >
      <p className="text-base text-navy-700">{t('kae.skipText')}</p>
      <label className="mt-5 flex items-start gap-3 text-base text-navy-900">
        <input
          type="checkbox"
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-[var(--bw-brand)]"
        />
        {t('kae.skipConfirmLabel')}
      </label>
      <div className="mt-6 flex flex-col gap-3">
        <Button block onClick={close}>
          {t('kae.skipCancel')}
        </Button>
        <Button block variant="secondary" disabled={!understood || pending} onClick={onConfirm}>
          {t('kae.skipConfirm')}
        </Button>
      </div>
    </BottomSheet>
  );
};
