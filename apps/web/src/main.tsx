import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { chooseLocale, setupI18n } from './lib/i18n';
import { currentPlatform } from './lib/platform';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

await setupI18n(chooseLocale(currentPlatform(), navigator.languages));

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);
