import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { connectNativeShell } from './app/native-shell';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { yieldToMain } from './lib/after-start';
import { chooseLocale, setupI18n } from './lib/i18n';
import { deviceLanguages } from './lib/native/device';
import { currentPlatform } from './lib/platform';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Spec section 9: the device language in the app (the Device plugin, loaded only inside the shell).
await setupI18n(chooseLocale(currentPlatform(), await deviceLanguages()));
// The start in short tasks (issue 6): texts, then the router (which starts the startup), then the
// first render, which React renders in slices as a transition.
await yieldToMain();
const router = createRouter();
connectNativeShell(router);
await yieldToMain();

const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
