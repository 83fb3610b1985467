import { ChevronRight, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppIcon } from '../../../components/app-icon';
import { Button } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { safeIconUrl } from '../../../lib/theme';
import { useShellStore } from '../../../stores/shell-store';

/** Spec section 4 step 6: the partner's intro slides; watching or skipping them leads to register. */
export const IntroSlidesPage = () => {
  const { t } = useTranslation();
  const config = useShellStore((state) => state.config);
  const patch = useShellStore((state) => state.patch);
  const href = useScreenHref();
  const navigate = useNavigate();
  const slides = config?.introSlides ?? [];
  const [index, setIndex] = useState(0);
  const finish = (key: 'register' | 'login') => {
    patch({ introWatched: true });
    void navigate(href({ key }), { replace: true });
  };
  const slide = slides[Math.min(index, slides.length - 1)];
  const last = index >= slides.length - 1;
  const imageUrl = slide ? safeIconUrl(slide.imageUrl, window.location.href) : null;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-white px-6 pt-[max(1.5rem,env(safe-area-inset-top))] pb-[max(1.5rem,env(safe-area-inset-bottom))]">
      <div className="flex items-center justify-between">
        <AppIcon iconUrl={config?.appIcon} appName={config?.name ?? ''} />
        <Button variant="ghost" onClick={() => finish('register')}>
          {t('intro.skip')}
        </Button>
      </div>
      {slide ? (
        <section className="flex flex-1 flex-col items-center justify-center gap-6 text-center" aria-live="polite">
          {imageUrl ? (
            <img src={imageUrl} alt="" className="aspect-square w-56 rounded-3xl bg-navy-100 object-cover" />
          ) : (
            <span className="grid aspect-square w-56 place-items-center rounded-3xl bg-navy-100 text-brand-text">
              <Sparkles aria-hidden="true" className="size-16" strokeWidth={1.25} />
            </span>
          )}
          <p className="text-sm font-medium text-navy-500">
            {t('intro.slideOf', { current: index + 1, total: slides.length })}
          </p>
          <h1 className="text-2xl font-bold tracking-tight text-navy-900">{slide.title}</h1>
          <p className="text-base leading-relaxed text-navy-700">{slide.text}</p>
        </section>
      ) : null}
      <div className="flex justify-center gap-2 py-4" aria-hidden="true">
        {slides.map((item, position) => (
          <span
            key={item.title}
            className={`h-2 rounded-full transition-all ${position === index ? 'w-6 bg-brand' : 'w-2 bg-navy-300'}`}
          />
        ))}
      </div>
      <div className="flex flex-col gap-3">
        <Button block onClick={() => (last ? finish('register') : setIndex(index + 1))}>
          {last ? t('intro.start') : t('intro.next')}
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
        <Button block variant="ghost" onClick={() => finish('login')}>
          {t('intro.haveAccount')}
        </Button>
      </div>
    </main>
  );
};
