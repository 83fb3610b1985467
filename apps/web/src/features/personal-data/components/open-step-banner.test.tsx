import * as ops from '@bw/api-client/operations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstScreenShown } from '../../../lib/after-start';
import { apiClient } from '../../../lib/api-client';
import { setupI18n } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { onboardingUserQueryKey } from '../api/query-keys';
import type { OpenStepUser } from '../lib/open-step';
import { OpenStepBanner } from './open-step-banner';

const fetchUser = vi.spyOn(apiClient, 'get');

const EMAIL = 'anna.berger@example.at';
const newUser: OpenStepUser = {
  firstName: 'Anna',
  lastName: 'Berger',
  status: 'new',
  registrationProcessStatus: { securityApp: false },
};
const doneUser: OpenStepUser = { ...newUser, status: 'active', registrationProcessStatus: { securityApp: true } };

const renderBanner = () => {
  const router = createMemoryRouter([{ path: '*', element: <OpenStepBanner email={EMAIL} /> }], {
    initialEntries: ['/mobileWeb/marketplace'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
};

/** Lets the deferred request run (after the first screen and an idle moment) and its answer render. */
const loadUser = async () => {
  firstScreenShown();
  await act(async () => {
    await vi.waitFor(() => expect(fetchUser).toHaveBeenCalled());
    await Promise.resolve();
  });
};

describe('the open-step banner (spec section 4; issue 6: no layout shift)', () => {
  beforeAll(async () => {
    await setupI18n('de-AT');
  });
  beforeEach(() => {
    fetchUser.mockReset();
    useShellStore.getState().patch({ cachedOpenStep: null });
  });
  afterEach(cleanup);

  it("shows this user's cached step at once, before the user is loaded", () => {
    fetchUser.mockReturnValue(new Promise(() => {}));
    useShellStore.getState().patch({ cachedOpenStep: { email: EMAIL, step: 'identification' } });
    renderBanner();
    expect(screen.getByTestId('open-step-banner').dataset.step).toBe('identification');
  });

  it("ignores another user's cached step", () => {
    fetchUser.mockReturnValue(new Promise(() => {}));
    useShellStore.getState().patch({ cachedOpenStep: { email: 'someone@example.at', step: 'identification' } });
    renderBanner();
    expect(screen.queryByTestId('open-step-banner')).toBeNull();
  });

  it('follows the loaded user and stores its step for the next start', async () => {
    fetchUser.mockResolvedValue(newUser);
    renderBanner();
    expect(screen.queryByTestId('open-step-banner')).toBeNull();
    await loadUser();
    expect(fetchUser).toHaveBeenCalledWith(ops.getUser, expect.anything());
    expect((await screen.findByTestId('open-step-banner')).dataset.step).toBe('identification');
    expect(useShellStore.getState().cachedOpenStep).toEqual({ email: EMAIL, step: 'identification' });
  });

  it("follows the onboarding screens' newer user as a step is saved", async () => {
    fetchUser.mockResolvedValue(newUser);
    const client = renderBanner();
    await loadUser();
    expect((await screen.findByTestId('open-step-banner')).dataset.step).toBe('identification');
    act(() => {
      client.setQueryData(onboardingUserQueryKey, { ...newUser, status: 'verified' });
    });
    expect(screen.getByTestId('open-step-banner').dataset.step).toBe('signature');
  });

  it('hides a cached step the loaded user has done meanwhile, and stores that nothing is open', async () => {
    fetchUser.mockResolvedValue(doneUser);
    useShellStore.getState().patch({ cachedOpenStep: { email: EMAIL, step: 'securityApp' } });
    renderBanner();
    expect(screen.getByTestId('open-step-banner').dataset.step).toBe('securityApp');
    await loadUser();
    await vi.waitFor(() => expect(screen.queryByTestId('open-step-banner')).toBeNull());
    expect(useShellStore.getState().cachedOpenStep).toEqual({ email: EMAIL, step: null });
  });
});
