import { describe, expect, it } from 'vitest';
import {
  checkUploadCandidate,
  formatFileSize,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  uploadedFileIds,
} from './uploads.ts';

const MB = 1024 * 1024;

describe('checkUploadCandidate (issue 4: PDF, JPEG, PNG up to 10 MB)', () => {
  it.each([
    ['dni.pdf', 'application/pdf', 1000, null],
    ['foto.jpg', 'image/jpeg', 2 * MB, null],
    ['foto.PNG', 'image/png', 10 * MB, null],
    ['exactly 10 MB', 'application/pdf', UPLOAD_MAX_BYTES, null],
    ['one byte over', 'application/pdf', UPLOAD_MAX_BYTES + 1, 'too_large'],
    ['big.pdf', 'application/pdf', 11 * MB, 'too_large'],
    ['doc.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 1000, 'bad_type'],
    ['page.html', 'text/html', 10, 'bad_type'],
    ['renamed.pdf', 'text/plain', 10, 'bad_type'],
    ['anim.gif', 'image/gif', 10, 'bad_type'],
    ['no-type.pdf', '', 10, null],
    ['no-type.jpeg', '', 10, null],
    ['no-type.txt', '', 10, 'bad_type'],
    ['empty.pdf', 'application/pdf', 0, 'empty'],
    ['huge.exe', 'application/x-msdownload', 50 * MB, 'bad_type'],
  ] as const)('%s (%s, %i bytes) -> %s', (name, type, size, expected) => {
    expect(checkUploadCandidate({ name, type, size })).toBe(expected);
  });

  it('accept lists the three types and their endings', () => {
    expect(UPLOAD_ACCEPT).toBe('application/pdf,.pdf,image/jpeg,.jpg,.jpeg,image/png,.png');
  });
});

describe('uploadedFileIds', () => {
  it.each([
    ['12', [12]],
    ['12,13', [12, 13]],
    [' 7 , 8 ', [7, 8]],
    ['', []],
    ['x,0,-1,3', [3]],
  ])('%j -> %j', (value, ids) => {
    expect(uploadedFileIds(value)).toEqual(ids);
  });
});

describe('formatFileSize', () => {
  it.each([
    [850, '850 B'],
    [12 * 1024, '12 KB'],
    [3.4 * MB, '3,4 MB'],
    [10 * MB, '10,0 MB'],
  ])('%i -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
