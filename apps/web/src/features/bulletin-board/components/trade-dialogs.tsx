import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { useFamily } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { PurchaseDialogs } from '../../trading/components/purchase-dialogs';
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
  const family = useFamily();
  return (
    <>
      <BottomSheet
        open={dialog === 'price20'}
        onClose={onClose}
        title={t('bulletinBoard.warningConfirmTitle')}
        variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
      >
        <p className="text-base leading-relaxed text-navy-700">{priceText}</p>
        <div className="mt-6 flex flex-col gap-3">
          <Button block onClick={() => onConfirm('price20')}>
            {t('bulletinBoard.warningConfirm')}
          </Button>
          <Button block variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </div>
      </BottomSheet>
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
