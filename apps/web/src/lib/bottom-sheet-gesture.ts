import {
  SHEET_CLOSE_DRAG_RATIO,
  SHEET_CLOSE_VELOCITY_PX_PER_MS,
  SHEET_SWIPE_ENABLE_DELAY_MS,
} from '../config/constants';

/** Spec section 9: swiping is enabled 200 ms after the sheet opened (so the opening tap cannot close it). */
export const isSwipeEnabled = (openedAtMs: number, nowMs: number): boolean =>
  nowMs - openedAtMs >= SHEET_SWIPE_ENABLE_DELAY_MS;

export type SheetRelease = {
  /** Downward distance dragged, px (negative = dragged up). */
  readonly dragDistancePx: number;
  /** Downward speed at release, px per ms. */
  readonly velocityPxPerMs: number;
  readonly sheetHeightPx: number;
};

/** Spec sections 2 and 9: close on a downward swipe faster than 0.75 or a drag past half the height. */
export const shouldCloseOnRelease = ({ dragDistancePx, velocityPxPerMs, sheetHeightPx }: SheetRelease): boolean => {
  if (dragDistancePx <= 0) return false;
  if (velocityPxPerMs > SHEET_CLOSE_VELOCITY_PX_PER_MS) return true;
  return dragDistancePx > sheetHeightPx * SHEET_CLOSE_DRAG_RATIO;
};

/** Speed between two pointer samples, px per ms (0 when no time passed). */
export const releaseVelocity = (fromY: number, fromMs: number, toY: number, toMs: number): number =>
  toMs > fromMs ? (toY - fromY) / (toMs - fromMs) : 0;
