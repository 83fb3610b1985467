import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarDateIn, validateBirthDate } from './birth-date.js';

const REQUIRED = 'Gib das Geburtsdatum ein.';
const INVALID = 'Das Geburtsdatum ist nicht korrekt.';
const UNDERAGE = 'Diese Plattform ist nur für Personen über 18 Jahren zugänglich.';

describe('validateBirthDate (spec section 5)', () => {
  // Frozen clock: 15 March 2026, 00:30 in Vienna (23:30 UTC the day before).
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-14T23:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs in the Vienna time zone, where it is already the 15th', () => {
    expect(process.env.TZ).toBe('Europe/Vienna');
    expect(calendarDateIn(new Date())).toBe('2026-03-15');
  });

  it.each([
    [undefined, REQUIRED],
    [null, REQUIRED],
    ['', REQUIRED],
    ['   ', REQUIRED],
    ['15.03.2000', INVALID],
    ['2000-3-15', INVALID],
    ['2001-02-29', INVALID],
    ['2000-13-01', INVALID],
    ['2000-04-31', INVALID],
    ['1899-12-31', INVALID],
    ['2026-03-16', INVALID],
    ['heute', INVALID],
    // The 18th-birthday boundary on the Vienna calendar.
    ['2008-03-16', UNDERAGE],
    ['2008-03-15', null],
    ['2008-03-14', null],
    ['2026-03-15', UNDERAGE],
    ['2010-01-01', UNDERAGE],
    ['1985-07-04', null],
    ['1900-01-01', null],
  ])('%j → %j', (input, message) => {
    const result = validateBirthDate(input, new Date());
    if (message === null) expect(result).toEqual({ ok: true, birthDate: input });
    else expect(result).toMatchObject({ ok: false, message });
  });

  it('uses Vienna midnight, not UTC: at 23:30 UTC on the eve of the birthday the person is already 18', () => {
    expect(validateBirthDate('2008-03-15', new Date('2026-03-14T23:30:00Z')).ok).toBe(true);
    expect(validateBirthDate('2008-03-15', new Date('2026-03-14T22:59:59Z')).ok).toBe(false);
  });

  it('someone born on 29 February comes of age on 1 March of a common year', () => {
    expect(validateBirthDate('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toEqual({
      ok: false,
      reason: 'underage',
      message: UNDERAGE,
    });
    expect(validateBirthDate('2008-02-29', new Date('2026-03-01T12:00:00Z')).ok).toBe(true);
  });
});
