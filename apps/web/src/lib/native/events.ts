/**
 * The window events between the web app and the native shell (ADR 0029): the shell dispatches
 * `nativeBack` for the Android hardware back button; the web app dispatches `nativeExitApp` (spec
 * section 2: back on the marketplace exits) and `nativeHideSplash` (500 ms after the first navigation).
 */
export const NATIVE_BACK_EVENT = 'nativeBack';
export const NATIVE_EXIT_EVENT = 'nativeExitApp';
export const NATIVE_HIDE_SPLASH_EVENT = 'nativeHideSplash';
