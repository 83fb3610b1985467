import { type PointerEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { isSwipeEnabled, releaseVelocity, shouldCloseOnRelease } from '../lib/bottom-sheet-gesture';
import { useTranslation } from '../lib/i18n';

export type BottomSheetProps = {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: string;
  readonly children: ReactNode;
  /** `dialog` centres the panel (desktop); `sheet` slides up from the bottom and can be swiped away. */
  readonly variant?: 'sheet' | 'dialog';
};

/** Movement that turns a press into a drag. */
const DRAG_START_PX = 8;

type Drag = { startY: number; lastY: number; lastMs: number; prevY: number; prevMs: number };

/**
 * Spec sections 2 and 9: closes on a click outside, on a downward swipe faster than 0.75 px/ms or a
 * drag past half its height; swiping is enabled 200 ms after opening. Escape closes it too.
 */
export const BottomSheet = ({ open, onClose, title, children, variant = 'sheet' }: BottomSheetProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const openedAtRef = useRef(0);
  const dragRef = useRef<Drag | null>(null);
  const [offsetPx, setOffsetPx] = useState(0);

  useEffect(() => {
    if (!open) return;
    openedAtRef.current = performance.now();
    setOffsetPx(0);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.querySelector<HTMLElement>('button, [href], input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previouslyFocused?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (variant !== 'sheet' || !isSwipeEnabled(openedAtRef.current, performance.now())) return;
    const now = performance.now();
    dragRef.current = { startY: event.clientY, lastY: event.clientY, lastMs: now, prevY: event.clientY, prevMs: now };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    if (!drag) return;
    drag.prevY = drag.lastY;
    drag.prevMs = drag.lastMs;
    drag.lastY = event.clientY;
    drag.lastMs = performance.now();
    // Capture only once it is a drag, so a tap still clicks the button under the finger.
    if (event.clientY - drag.startY > DRAG_START_PX) event.currentTarget.setPointerCapture?.(event.pointerId);
    setOffsetPx(Math.max(0, event.clientY - drag.startY));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    dragRef.current = null;
    if (!drag) return;
    const close = shouldCloseOnRelease({
      dragDistancePx: event.clientY - drag.startY,
      velocityPxPerMs: releaseVelocity(drag.prevY, drag.prevMs, event.clientY, performance.now()),
      sheetHeightPx: panelRef.current?.offsetHeight ?? 0,
    });
    if (close) onClose();
    else setOffsetPx(0);
  };

  const isSheet = variant === 'sheet';
  return (
    <div className={`fixed inset-0 z-40 flex ${isSheet ? 'items-end' : 'items-center'} justify-center`}>
      <button
        type="button"
        data-testid="sheet-backdrop"
        aria-label={t('common.close')}
        tabIndex={-1}
        className="absolute inset-0 bg-navy-900/45"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`relative w-full bg-white shadow-2xl ${
          isSheet
            ? 'max-w-lg rounded-t-3xl pb-[max(1.5rem,env(safe-area-inset-bottom))]'
            : 'mx-4 max-w-md rounded-3xl pb-6'
        } px-6 pt-3`}
        style={{
          transform: `translateY(${offsetPx}px)`,
          transition: dragRef.current ? 'none' : 'transform 180ms ease-out',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {isSheet ? (
          <div className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-navy-300" title={t('sheet.handle')} />
        ) : (
          <div className="h-3" />
        )}
        <h2 id={titleId} className="text-xl font-bold text-navy-900">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
      </div>
    </div>
  );
};
