/** Named limits and timings (docs/style.md: "limits everywhere"); the spec section is cited per value. */

/** Spec section 9: mobile web breakpoint, width under 601 px. */
export const MOBILE_WEB_MAX_WIDTH_EXCLUSIVE_PX = 601;
/** Spec sections 2 and 9: splash hidden 500 ms after the first navigation. */
export const SPLASH_HIDE_DELAY_MS = 500;
/** Spec section 9: buttons ignore repeat clicks within 500 ms. */
export const BUTTON_DEBOUNCE_MS = 500;
/** Spec section 9: the bottom sheet enables swipe 200 ms after opening. */
export const SHEET_SWIPE_ENABLE_DELAY_MS = 200;
/** Spec section 9: a downward swipe faster than 0.75 (px per ms) closes the sheet. */
export const SHEET_CLOSE_VELOCITY_PX_PER_MS = 0.75;
/** Spec section 9: a drag past half the sheet's height closes it. */
export const SHEET_CLOSE_DRAG_RATIO = 0.5;
/** Spec section 7: most calls time out after 100 s, launchpad calls after 30 s, chunk loading after 120 s. */
export const REQUEST_TIMEOUT_MS = 100_000;
export const LAUNCHPAD_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** How long a toast stays visible. */
export const TOAST_DURATION_MS = 5_000;
