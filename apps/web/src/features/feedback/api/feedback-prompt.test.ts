import { feedbackPromptView } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import { feedbackPromptGuard } from './feedback-prompt';

describe('the prompt guard answers as the contract does', () => {
  it.each([[{ prompt: null }], [{ prompt: 'appRating' }]])('accepts %j', (input) => {
    expect(feedbackPromptGuard.parse(input)).toEqual(feedbackPromptView.parse(input));
  });

  it.each([[{ prompt: 'rateUs' }], [{}], [null]])('refuses %j', (input) => {
    expect(() => feedbackPromptView.parse(input)).toThrow();
    expect(() => feedbackPromptGuard.parse(input)).toThrow();
  });
});
