import { Link } from 'react-router';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button, buttonClass } from '../../../components/button';
import { useFamily, useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import type { PurchaseDialog } from '../hooks/use-purchase-submit';

type Props = {
  readonly dialog: PurchaseDialog;
  readonly rating: string | null;
  /** Builder-owner purchases update the details on the building questionnaire (spec section 2). */
  readonly builderOwner: boolean;
  readonly onConfirm: (which: 'fiveK' | 'appropriateness') => void;
  readonly onClose: () => void;
};

/** A question with its confirm and cancel buttons: a sheet on the phones, a dialog on desktop. */
export const ConfirmSheet = ({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  readonly open: boolean;
  readonly title: string;
  readonly text: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}) => {
  const { t } = useTranslation();
  const family = useFamily();
  return (
    <BottomSheet open={open} onClose={onClose} title={title} variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}>
      <p className="text-base leading-relaxed text-navy-700">{text}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Button block onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button block variant="ghost" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </BottomSheet>
  );
};

/**
 * Spec section 5: the 5k confirmation (Accepted5KLimit), the appropriateness warning ('Continue
 * purchase' / 'Update details') and the top-up prompt when the payment account is short.
 */
export const PurchaseDialogs = ({ dialog, rating, builderOwner, onConfirm, onClose }: Props) => {
  const { t } = useTranslation();
  const family = useFamily();
  const href = useScreenHref();
  const variant = family === 'desktopWeb' ? 'dialog' : 'sheet';
  return (
    <>
      <ConfirmSheet
        open={dialog === 'fiveK'}
        title={t('trading.fiveKTitle')}
        text={t('trading.fiveKText')}
        confirmLabel={t('trading.fiveKConfirm')}
        onConfirm={() => onConfirm('fiveK')}
        onClose={onClose}
      />
      <BottomSheet
        open={dialog === 'appropriateness'}
        onClose={onClose}
        title={t('trading.appropriatenessTitle')}
        variant={variant}
      >
        <p className="text-base leading-relaxed text-navy-700">
          {rating === 'NotAppropriate'
            ? t('trading.appropriatenessNotAppropriate')
            : t('trading.appropriatenessUnknown')}
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Button block onClick={() => onConfirm('appropriateness')}>
            {t('trading.appropriatenessContinue')}
          </Button>
          <Link
            to={href({ key: builderOwner ? 'buildingKnowledgeAndExperience' : 'knowledgeAndExperience' })}
            className={buttonClass('secondary', true)}
          >
            {t('trading.appropriatenessUpdate')}
          </Link>
        </div>
      </BottomSheet>
      <BottomSheet open={dialog === 'funds'} onClose={onClose} title={t('trading.fundsTitle')} variant={variant}>
        <p className="text-base leading-relaxed text-navy-700">{t('trading.fundsText')}</p>
        <div className="mt-6 flex flex-col gap-3">
          <Link to={href({ key: 'account' })} className={buttonClass('primary', true)}>
            {t('trading.fundsTopUp')}
          </Link>
          <Button block variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </div>
      </BottomSheet>
    </>
  );
};
