import { useTranslation } from '../../../lib/i18n';
import { ConfirmSheet, PurchaseDialogs } from '../../trading/components/purchase-dialogs';
import type { TradeConfirmation, TradeDialog } from '../hooks/use-trade-confirmations';

type Props = {
  readonly dialog: TradeDialog;
  readonly rating: string | null;
  /** The question of the price dialog, with the 30-day average in it. */
  readonly priceText: string;
  readonly onConfirm: (which: TradeConfirmation) => void;
  readonly onClose: () => void;
};

/**
 * The dialogs of a trade on the bulletin board (spec section 5): the price more than 20 % off the
 * 30-day average (Accepted20PercentDifference), and on a buy the 5,000 € confirmation and the
 * appropriateness warning of every purchase.
 */
export const TradeDialogs = ({ dialog, rating, priceText, onConfirm, onClose }: Props) => {
  const { t } = useTranslation();
  return (
    <>
      <ConfirmSheet
        open={dialog === 'price20'}
        title={t('bulletinBoard.warningConfirmTitle')}
        text={priceText}
        confirmLabel={t('bulletinBoard.warningConfirm')}
        onConfirm={() => onConfirm('price20')}
        onClose={onClose}
      />
      <PurchaseDialogs
        dialog={dialog === 'price20' ? null : dialog}
        rating={rating}
        builderOwner={false}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </>
  );
};
