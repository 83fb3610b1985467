import { describe, expect, it } from 'vitest';
import { nextPrivateTradeStep, privateStepRefusal, privateTradeProgress, privateTradeSteps } from './private-trade.js';

describe('private trade progress (spec section 4)', () => {
  it('walks the seven steps in the order of the spec', () => {
    const walked: string[] = ['contactDetails'];
    let step = nextPrivateTradeStep('contactDetails');
    while (step) {
      walked.push(step);
      step = nextPrivateTradeStep(step);
    }
    expect(walked).toEqual([...privateTradeSteps]);
  });

  it.each([
    ['contactDetails', 'contactDetails', 'buyer', null],
    ['contactDetails', 'contactDetails', 'seller', 'not-your-step'],
    ['sellerAcceptance', 'sellerAcceptance', 'seller', null],
    ['sellerAcceptance', 'payment', 'seller', 'not-current-step'],
    ['payment', 'payment', 'seller', null],
    ['buyerRelease', 'buyerRelease', 'buyer', null],
    ['signing', 'signing', 'buyer', 'not-your-step'],
    ['finalRelease', 'finalRelease', 'seller', null],
    ['completed', 'completed', 'seller', 'not-your-step'],
  ] as const)('at %s, confirming %s as %s → %s', (current, step, role, refusal) => {
    expect(privateStepRefusal(current, step, role)).toBe(refusal);
  });

  it('shows done, current and open steps', () => {
    const progress = privateTradeProgress('payment');
    expect(progress.slice(0, 4)).toEqual([
      { step: 'contactDetails', state: 'done' },
      { step: 'sellerAcceptance', state: 'done' },
      { step: 'payment', state: 'current' },
      { step: 'buyerRelease', state: 'open' },
    ]);
    expect(privateTradeProgress('completed').every((p) => p.state === 'done')).toBe(true);
  });
});
