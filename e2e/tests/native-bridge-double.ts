/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/**
 * A test double of the Capacitor bridge (ADR 0029): what the native side injects into the web
 * view — `window.androidBridge`, `Capacitor.PluginHeaders`, `nativePromise`, `nativeCallback` — with
 * the plugins' native halves in JavaScript. @capacitor/core and the plugins' own JavaScript run
 * unchanged on top of it, as in the app. Every call is recorded in `window.__native.calls`; a test
 * fires native events with `window.__native.emit(plugin, event, data)`. The Keychain/Keystore lives
 * in localStorage, so it survives reloads like the device's does.
 */
export type NativeDoubleOptions = {
  readonly biometryAvailable?: boolean;
  readonly biometryPasses?: boolean;
  readonly pushPermission?: 'granted' | 'denied';
  readonly pushToken?: string;
  readonly appVersion?: string;
  readonly language?: string;
};

export type NativeCall = { plugin: string; method: string; options: Record<string, unknown>; at: number };

const installBridge = (options: Required<NativeDoubleOptions>) => {
  type Listener = (data: unknown) => void;
  const KEYCHAIN = '__native_keychain';
  const SETTINGS = '__native_settings';
  const settings = (): Required<NativeDoubleOptions> => ({
    ...options,
    ...(JSON.parse(localStorage.getItem(SETTINGS) ?? '{}') as Partial<NativeDoubleOptions>),
  });
  const keychain = (): Record<string, string> => JSON.parse(localStorage.getItem(KEYCHAIN) ?? '{}');
  const saveKeychain = (items: Record<string, string>) => localStorage.setItem(KEYCHAIN, JSON.stringify(items));
  const calls: { plugin: string; method: string; options: unknown; at: number }[] = [];
  const listeners = new Map<string, Map<string, Listener>>();
  let callbackSeq = 0;
  const emit = (plugin: string, event: string, data: unknown) => {
    for (const listener of listeners.get(`${plugin}:${event}`)?.values() ?? []) listener(data);
  };

  const fail = (message: string, code: string) => Object.assign(new Error(message), { code });
  type Impl = (args: Record<string, unknown>) => unknown;
  const plugins: Record<string, Record<string, Impl>> = {
    App: {
      exitApp: () => ({}),
      getInfo: () => ({ id: 'at.brickwise.app', name: 'Brickwise', build: '1', version: settings().appVersion }),
      getLaunchUrl: () => ({}),
      getState: () => ({ isActive: true }),
      minimizeApp: () => ({}),
    },
    SplashScreen: { hide: () => ({}), show: () => ({}) },
    StatusBar: { setBackgroundColor: () => ({}), setStyle: () => ({}), show: () => ({}), hide: () => ({}) },
    PushNotifications: {
      checkPermissions: () => ({ receive: 'prompt' }),
      requestPermissions: () => ({ receive: settings().pushPermission }),
      register: () => {
        setTimeout(() => emit('PushNotifications', 'registration', { value: settings().pushToken }), 50);
        return {};
      },
    },
    Share: { share: () => ({ activityType: 'copy' }), canShare: () => ({ value: true }) },
    Device: {
      getLanguageTag: () => ({ value: settings().language }),
      getLanguageCode: () => ({ value: settings().language.split('-')[0] }),
      getInfo: () => ({ platform: 'android', operatingSystem: 'android', osVersion: '15', isVirtual: true }),
    },
    InAppReview: { requestReview: () => ({}) },
    BiometricAuthNative: {
      checkBiometry: () => {
        const available = settings().biometryAvailable;
        return {
          isAvailable: available,
          strongBiometryIsAvailable: available,
          biometryType: available ? 3 : 0,
          biometryTypes: available ? [3] : [],
          deviceIsSecure: true,
          reason: available ? '' : 'No biometry enrolled',
          code: available ? '' : 'biometryNotEnrolled',
          strongReason: '',
          strongCode: '',
        };
      },
      internalAuthenticate: () => {
        if (!settings().biometryPasses) throw fail('Authentication failed', 'authenticationFailed');
        return {};
      },
    },
    SecureStorage: {
      setSynchronizeKeychain: () => ({}),
      internalGetItem: ({ prefixedKey }) => ({ data: keychain()[String(prefixedKey)] ?? null }),
      internalSetItem: ({ prefixedKey, data }) => {
        saveKeychain({ ...keychain(), [String(prefixedKey)]: String(data) });
        return {};
      },
      internalRemoveItem: ({ prefixedKey }) => {
        const items = keychain();
        const success = String(prefixedKey) in items;
        delete items[String(prefixedKey)];
        saveKeychain(items);
        return { success };
      },
      clearItemsWithPrefix: () => ({}),
      getPrefixedKeys: () => ({ keys: Object.keys(keychain()) }),
    },
  };
  const method = (name: string, rtype: 'promise' | 'callback') => ({ name, rtype });
  const headers = Object.entries(plugins).map(([name, impl]) => ({
    name,
    methods: [
      ...Object.keys(impl).map((key) => method(key, 'promise')),
      method('addListener', 'callback'),
      method('removeListener', 'promise'),
      method('removeAllListeners', 'promise'),
    ],
  }));
  const record = (plugin: string, name: string, args: unknown) =>
    calls.push({ plugin, method: name, options: args ?? {}, at: performance.now() });

  Object.assign(window, {
    androidBridge: { postMessage: () => undefined },
    Capacitor: {
      PluginHeaders: headers,
      nativePromise: async (plugin: string, name: string, args: Record<string, unknown> = {}) => {
        record(plugin, name, args);
        if (name === 'removeListener') {
          listeners.get(`${plugin}:${String(args.eventName)}`)?.delete(String(args.callbackId));
          return {};
        }
        if (name === 'removeAllListeners') return {};
        const impl = plugins[plugin]?.[name];
        if (!impl) throw fail(`${plugin}.${name} is not implemented`, 'UNIMPLEMENTED');
        return impl(args);
      },
      nativeCallback: (plugin: string, name: string, args: Record<string, unknown>, callback: Listener) => {
        record(plugin, name, args);
        const id = String(++callbackSeq);
        const key = `${plugin}:${String(args.eventName)}`;
        if (!listeners.has(key)) listeners.set(key, new Map());
        listeners.get(key)?.set(id, callback);
        return id;
      },
    },
    __native: {
      calls,
      emit,
      configure: (patch: Partial<NativeDoubleOptions>) =>
        localStorage.setItem(SETTINGS, JSON.stringify({ ...settings(), ...patch })),
    },
  });
};

/** An FCM registration token's shape: URL-safe base64 with a ':' separator, well over 100 characters. */
export const FCM_TOKEN = `e2eDevice01:APA91b${'Q'.repeat(140)}`;

const defaults: Required<NativeDoubleOptions> = {
  biometryAvailable: true,
  biometryPasses: true,
  pushPermission: 'granted',
  pushToken: FCM_TOKEN,
  appVersion: '1.7.5',
  language: 'de-AT',
};

export const installNativeBridge = async (page: Page, options: NativeDoubleOptions = {}) => {
  await page.addInitScript(installBridge, { ...defaults, ...options });
};

/** Changes the double's behaviour from the next call on (kept across reloads). */
export const configureNative = (page: Page, patch: NativeDoubleOptions) =>
  page.evaluate(
    (value) => (window as unknown as { __native: { configure: (p: unknown) => void } }).__native.configure(value),
    patch,
  );

export const nativeCalls = (page: Page, plugin: string, method?: string): Promise<NativeCall[]> =>
  page.evaluate(
    ([p, m]) =>
      (window as unknown as { __native: { calls: NativeCall[] } }).__native.calls.filter(
        (call) => call.plugin === p && (m === undefined || call.method === m),
      ),
    [plugin, method] as const,
  );

export const emitNative = (page: Page, plugin: string, event: string, data: unknown) =>
  page.evaluate(
    ([p, e, d]) => (window as unknown as { __native: { emit: (...args: unknown[]) => void } }).__native.emit(p, e, d),
    [plugin, event, data] as const,
  );
