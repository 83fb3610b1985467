import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../components/attachment-list';
import { attachmentProblem } from './attachments';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('attachmentProblem', () => {
  it('accepts PDF, JPEG, PNG and WebP up to 10 MB, also by extension when the browser gives no type', () => {
    expect(attachmentProblem(file('a.pdf', 'application/pdf', 10), 0)).toBeNull();
    expect(attachmentProblem(file('a.webp', '', 10), 0)).toBeNull();
    expect(attachmentProblem(file('a.jpg', 'image/jpeg', 10 * 1024 * 1024), 4)).toBeNull();
  });

  it('refuses what the server would refuse, before uploading', () => {
    expect(attachmentProblem(file('a.pdf', 'application/pdf', 10 * 1024 * 1024 + 1), 0)).toBe('tooLarge');
    expect(attachmentProblem(file('a.gif', 'image/gif', 10), 0)).toBe('wrongType');
    expect(attachmentProblem(file('a.pdf', 'application/pdf', 0), 0)).toBe('empty');
    expect(attachmentProblem(file('a.pdf', 'application/pdf', 10), 5)).toBe('tooMany');
  });
});

describe('formatFileSize', () => {
  it('shows kilobytes and megabytes in the reader’s notation', () => {
    expect(formatFileSize(130, 'de-AT')).toBe('1 KB');
    expect(formatFileSize(340 * 1024, 'de-AT')).toBe('340 KB');
    expect(formatFileSize(1.25 * 1024 * 1024, 'de-AT')).toBe('1,3 MB');
    expect(formatFileSize(1.25 * 1024 * 1024, 'en')).toBe('1.3 MB');
  });
});
