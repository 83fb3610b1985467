import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { BackofficeProvider } from './app/provider';
import { createBackofficeRouter } from './app/router';
import './backoffice.css';
import { speakGermanInZodMessages } from '@bw/contracts';

/**
 * The operator's back office (issue 21, ADR 0019): a second entry of the same code base, served
 * under /backoffice, so none of it reaches the investor app's JavaScript.
 */
speakGermanInZodMessages();

const container = document.getElementById('root');
if (!container) throw new Error('backoffice.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BackofficeProvider>
      <RouterProvider router={createBackofficeRouter()} />
    </BackofficeProvider>
  </StrictMode>,
);
