import { describe, expect, it } from 'vitest';
import {
  type AssetLifecycleAction,
  type LifecycleRefusal,
  lifecycleActionsFor,
  lifecycleRefusal,
  lifecycleTarget,
} from './asset-lifecycle.js';
import { csvCell, csvRow, neutralizeFormula } from './csv.js';
import {
  STAFF_SESSION_ABSOLUTE_LIFETIME_MS,
  STAFF_SESSION_IDLE_TIMEOUT_MS,
  staffPasswordProblem,
  staffSessionExpiresAt,
  staffSessionState,
} from './staff.js';

describe('csv cells (RFC 4180, formula-injection safe)', () => {
  it.each([
    ['plain', 'plain'],
    ['with,comma', '"with,comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+43 1 234', "'+43 1 234"],
    ['-10', "'-10"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['=1,2', '"\'=1,2"'],
    ['Überweisung €', 'Überweisung €'],
  ])('%j → %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes numbers as they are, and nothing for null', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12n)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends every record with CRLF', () => {
    expect(csvRow(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });

  it('leaves harmless text alone', () => {
    expect(neutralizeFormula('Anna')).toBe('Anna');
  });
});

describe('asset lifecycle with four eyes', () => {
  const cases: [string, AssetLifecycleAction, string | null, string, LifecycleRefusal | null][] = [
    ['preparing', 'submitForReview', null, 'clara', null],
    ['review', 'approve', 'clara', 'otto', null],
    ['review', 'approve', 'clara', 'clara', 'ASSET_FOUR_EYES_REQUIRED'],
    ['review', 'decline', 'clara', 'clara', 'ASSET_FOUR_EYES_REQUIRED'],
    ['review', 'decline', 'clara', 'otto', null],
    ['approved', 'publish', 'clara', 'otto', null],
    ['approved', 'publish', 'clara', 'clara', 'ASSET_FOUR_EYES_REQUIRED'],
    ['approved', 'publish', null, 'otto', 'ASSET_FOUR_EYES_REQUIRED'],
    ['preparing', 'publish', 'clara', 'otto', 'ASSET_STAGE_TRANSITION_INVALID'],
    ['preparing', 'approve', 'clara', 'otto', 'ASSET_STAGE_TRANSITION_INVALID'],
    ['declined', 'rework', 'clara', 'clara', null],
    ['approved', 'rework', 'clara', 'clara', null],
    ['primary', 'endFinancingPhase', 'clara', 'clara', null],
    ['secondary', 'endFinancingPhase', 'clara', 'otto', 'ASSET_STAGE_TRANSITION_INVALID'],
    ['primary', 'rework', 'clara', 'otto', 'ASSET_STAGE_TRANSITION_INVALID'],
  ];
  it.each(cases)('%s --%s (submitted by %s, by %s) → %s', (stage, action, submittedBy, actorId, refusal) => {
    expect(lifecycleRefusal({ stage: stage as 'preparing', action, submittedBy, actorId })).toBe(refusal);
  });

  it('names the target stage and the open actions', () => {
    expect(lifecycleTarget('publish')).toBe('primary');
    expect(lifecycleActionsFor('review')).toEqual(['approve', 'decline']);
    expect(lifecycleActionsFor('approved')).toEqual(['rework', 'publish']);
    expect(lifecycleActionsFor('secondary')).toEqual([]);
  });
});

describe('staff sessions and passwords', () => {
  const created = new Date('2026-11-25T08:00:00Z');
  const session = { createdAt: created, lastSeenAt: created, expiresAt: staffSessionExpiresAt(created) };
  it.each([
    [0, 'active'],
    [STAFF_SESSION_IDLE_TIMEOUT_MS - 1, 'active'],
    [STAFF_SESSION_IDLE_TIMEOUT_MS, 'idle-expired'],
  ])('idle %i ms → %s', (idleMs, state) => {
    expect(staffSessionState(session, new Date(created.getTime() + idleMs))).toBe(state);
  });

  it('ends after 8 hours even when used all the time', () => {
    const end = new Date(created.getTime() + STAFF_SESSION_ABSOLUTE_LIFETIME_MS);
    expect(staffSessionState({ ...session, lastSeenAt: new Date(end.getTime() - 1000) }, end)).toBe('expired');
  });

  it.each([
    ['Kurz1A', 'tooShort'],
    ['alles-klein-123', 'needsCapital'],
    ['Ohne-Ziffern-hier', 'needsDigit'],
    ['Back-Office-2026', null],
  ])('%s → %s', (password, problem) => {
    expect(staffPasswordProblem(password)).toBe(problem);
  });
});
