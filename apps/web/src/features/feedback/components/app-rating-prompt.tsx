import type { FeedbackPromptAnswer } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { useFamily } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { requestStoreReview } from '../../../lib/native/review';
import { isNativeShell } from '../../../lib/native/shell';
import { currentPlatform } from '../../../lib/platform';
import { appStoreLink, playStoreLink } from '../../../lib/store-links';
import { useShellStore } from '../../../stores/shell-store';
import { useRateApp } from '../../bonuses/api/rate-app';
import { answerFeedbackPrompt } from '../api/feedback';
import { feedbackPromptQueryKey } from '../api/feedback-prompt';
import { FeedbackForm } from './feedback-form';

type Step = 'ask' | 'rate' | 'rated' | 'feedback';

/** The store page of this platform from the app configuration (none on desktop). */
const useStoreLink = (): string | null => {
  const config = useShellStore((state) => state.config);
  const ios = /iPhone|iPad/.test(navigator.userAgent);
  if (ios) {
    const page = appStoreLink(config);
    return page ? `${page}?action=write-review` : null;
  }
  return /Android/.test(navigator.userAgent) ? playStoreLink(config) : null;
};

/**
 * The rating itself: inside the native shell the store's own review dialog (the InAppReview plugin,
 * ADR 0033), the store page in the system browser only when the plugin is not there; on the web the
 * store page in a new tab.
 */
const openStoreReview = (storeLink: string | null) => {
  const openPage = () => {
    if (storeLink) window.open(storeLink, currentPlatform() === 'app' ? '_system' : '_blank', 'noopener');
  };
  // On the web the page opens within the click (browsers block a window opened later).
  if (!isNativeShell()) openPage();
  else
    void requestStoreReview().then((shown) => {
      if (!shown) openPage();
    });
};

/**
 * Spec section 2 "app rating prompt" (ADR 0033): after the investor's first settled purchase the app
 * asks once how it is liked. "Ja" leads into the app-rating bonus flow (`POST /api/v1/bonus/appRating`)
 * and the store; "Nicht so" opens the feedback modal; every way out is remembered on the server.
 */
export const AppRatingPrompt = ({ onDone }: { readonly onDone: () => void }) => {
  const { t } = useTranslation();
  const family = useFamily();
  const format = useMoneyFormat();
  const queryClient = useQueryClient();
  const rate = useRateApp();
  const storeLink = useStoreLink();
  const [step, setStep] = useState<Step>('ask');
  // Feedback sent from here ends the prompt on the server already.
  const [feedbackSent, setFeedbackSent] = useState(false);

  const answer = (value: FeedbackPromptAnswer) =>
    answerFeedbackPrompt(value).then((view) => queryClient.setQueryData(feedbackPromptQueryKey, view));
  const close = (value: FeedbackPromptAnswer | null) => {
    onDone();
    if (value) void answer(value).catch(() => undefined);
    else void queryClient.invalidateQueries({ queryKey: feedbackPromptQueryKey });
  };
  const bonus = rate.data?.granted[0];
  return (
    <BottomSheet
      open
      // Closed without deciding ("later"): asked again in 30 days.
      onClose={() => close(step === 'rated' || feedbackSent ? null : 'later')}
      title={
        step === 'feedback' ? t('feedback.title') : step === 'ask' ? t('feedback.promptTitle') : t('feedback.rateTitle')
      }
      variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
    >
      <div data-testid="app-rating-prompt" data-step={step} className="flex flex-col gap-3">
        {step === 'ask' ? (
          <>
            <p className="text-base text-navy-700">{t('feedback.promptText')}</p>
            <Button block onClick={() => setStep('rate')}>
              {t('feedback.promptYes')}
            </Button>
            <Button block variant="secondary" onClick={() => setStep('feedback')}>
              {t('feedback.promptNo')}
            </Button>
            <Button block variant="secondary" onClick={() => close('later')}>
              {t('feedback.promptLater')}
            </Button>
            <Button block variant="secondary" onClick={() => close('never')}>
              {t('feedback.promptNever')}
            </Button>
          </>
        ) : null}
        {step === 'rate' ? (
          <>
            <p className="text-base text-navy-700">{t('feedback.rateText')}</p>
            <Button
              block
              disabled={rate.isPending}
              onClick={() => {
                openStoreReview(storeLink);
                rate.mutate(undefined, {
                  onSettled: () => {
                    setStep('rated');
                    void answer('rated').catch(() => undefined);
                  },
                });
              }}
            >
              {t('feedback.rateNow')}
            </Button>
            <Button block variant="secondary" onClick={() => close('later')}>
              {t('feedback.promptLater')}
            </Button>
          </>
        ) : null}
        {step === 'rated' ? (
          <>
            <p role="status" className="text-base text-navy-900" data-testid="app-rated">
              {bonus
                ? t('feedback.ratedBonus', { title: bonus.title, amount: format.eur(bonus.amount) })
                : t('feedback.rated')}
            </p>
            <Button block onClick={() => close(null)}>
              {t('feedback.close')}
            </Button>
          </>
        ) : null}
        {step === 'feedback' ? (
          <FeedbackForm source="appRating" onSent={() => setFeedbackSent(true)} onClose={() => close(null)} />
        ) : null}
      </div>
    </BottomSheet>
  );
};

export default AppRatingPrompt;
