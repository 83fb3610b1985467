import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BottomSheet } from './bottom-sheet';

let nowMs = 0;

const renderSheet = () => {
  const onClose = vi.fn();
  vi.spyOn(performance, 'now').mockImplementation(() => nowMs);
  nowMs = 1_000;
  render(
    <BottomSheet open onClose={onClose} title="Dafür brauchst du ein Konto">
      <button type="button">Registrieren</button>
    </BottomSheet>,
  );
  const panel = screen.getByRole('dialog', { name: 'Dafür brauchst du ein Konto' });
  Object.defineProperty(panel, 'offsetHeight', { value: 400 });
  return { onClose, panel };
};

/** Drags from y=100 down by `distancePx`, the last 10 px in `lastStepMs`. */
const drag = (panel: HTMLElement, distancePx: number, lastStepMs: number) => {
  fireEvent.pointerDown(panel, { clientY: 100, pointerId: 1 });
  nowMs += 500;
  fireEvent.pointerMove(panel, { clientY: 100 + distancePx - 10, pointerId: 1 });
  nowMs += lastStepMs;
  fireEvent.pointerMove(panel, { clientY: 100 + distancePx, pointerId: 1 });
  fireEvent.pointerUp(panel, { clientY: 100 + distancePx, pointerId: 1 });
};

describe('<BottomSheet> (spec sections 2 and 9)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('closes on a click outside', () => {
    const { onClose } = renderSheet();
    fireEvent.click(screen.getByTestId('sheet-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores swipes in the first 200 ms after opening', () => {
    const { onClose, panel } = renderSheet();
    nowMs += 150;
    fireEvent.pointerDown(panel, { clientY: 100, pointerId: 1 });
    nowMs += 10;
    fireEvent.pointerUp(panel, { clientY: 390, pointerId: 1 });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a fast downward swipe (over 0.75 px/ms)', () => {
    const { onClose, panel } = renderSheet();
    nowMs += 200;
    drag(panel, 60, 10);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open after a slow, short drag and closes after a slow drag past half its height', () => {
    const { onClose, panel } = renderSheet();
    nowMs += 200;
    drag(panel, 150, 100);
    expect(onClose).not.toHaveBeenCalled();
    drag(panel, 210, 100);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape', () => {
    const { onClose } = renderSheet();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
