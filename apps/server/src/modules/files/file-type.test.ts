import { describe, expect, it } from 'vitest';
import { safeFileName, sniffType } from './file-type.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffType', () => {
  it.each([
    ['pdf', text('%PDF-1.7\n'), 'application/pdf'],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['html named .pdf', text('<html><script>alert(1)</script>'), null],
    ['svg', text('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['zip / docx', bytes(0x50, 0x4b, 0x03, 0x04), null],
    ['empty', bytes(), null],
    ['truncated pdf signature', text('%PD'), null],
  ])('%s', (_name, head, expected) => {
    expect(sniffType(head)).toBe(expected);
  });
});

describe('safeFileName', () => {
  it.each([
    ['Escritura divorcio.pdf', 'application/pdf', 'Escritura_divorcio.pdf'],
    ['../../etc/passwd', 'application/pdf', 'passwd.pdf'],
    ['C:\\Users\\ana\\dni.jpeg', 'image/jpeg', 'dni.jpg'],
    ['foto.exe', 'image/jpeg', 'foto.jpg'],
    ['Certidão nº 3.PNG', 'image/png', 'Certidao_n_3.png'],
    ['', 'application/pdf', 'document.pdf'],
  ] as const)('%s -> %s', (input, type, expected) => {
    expect(safeFileName(input, type)).toBe(expected);
  });
});
