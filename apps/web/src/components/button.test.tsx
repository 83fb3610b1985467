import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('<Button> (spec section 2: ignores repeat clicks within 500 ms)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('acts once for a double tap and again after 500 ms', () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Kaufen</Button>);
    const button = screen.getByRole('button', { name: 'Kaufen' });
    fireEvent.click(button);
    fireEvent.click(button);
    vi.advanceTimersByTime(499);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('is a plain button, not a form submit, unless asked', () => {
    render(<Button>Weiter</Button>);
    expect(screen.getByRole('button', { name: 'Weiter' })).toHaveProperty('type', 'button');
  });
});
