import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { formKeyMatches, needsFormKey, sentFormKey } from './csrf.ts';

describe('needsFormKey', () => {
  it.each([
    ['POST', '/desktopapp/rest/pushSubscribe', true],
    ['PUT', '/desktopapp/rest/anything', true],
    ['PATCH', '/desktopapp/rest/anything', true],
    ['DELETE', '/desktopapp/rest/anything', true],
    ['GET', '/desktopapp/rest/delquoteitem', true],
    ['GET', '/desktopapp/rest/config', false],
    ['HEAD', '/desktopapp/rest/config', false],
    ['OPTIONS', '/desktopapp/rest/config', false],
    ['POST', '/admin/login', false],
    ['GET', '/app/*', false],
    ['POST', undefined, false],
  ] as const)('%s %s -> %s', (method, url, expected) => {
    expect(needsFormKey(method, url)).toBe(expected);
  });
});

describe('sentFormKey', () => {
  const request = (headers: Record<string, string>, body?: unknown) => ({ headers, body }) as FastifyRequest;
  it.each([
    ['the header', request({ 'x-form-key': 'h' }, { config: { form_key: 'b' } }), 'h'],
    ['config.form_key in the body', request({}, { config: { form_key: 'b' } }), 'b'],
    [
      'an empty header falls back to the body',
      request({ 'x-form-key': '' }, { config: { form_key: 'b' } }),
      'b',
    ],
    ['a non-string body key', request({}, { config: { form_key: 42 } }), undefined],
    ['form_key outside config', request({}, { form_key: 'b' }), undefined],
    ['no body', request({}), undefined],
    ['a text body', request({}, 'form_key=b'), undefined],
  ])('%s', (_name, req, expected) => {
    expect(sentFormKey(req)).toBe(expected);
  });
});

describe('formKeyMatches', () => {
  it.each([
    ['abc', 'abc', true],
    ['abd', 'abc', false],
    ['ab', 'abc', false],
    ['', 'abc', false],
    [undefined, 'abc', false],
  ])('%j vs %j -> %s', (sent, expected, result) => {
    expect(formKeyMatches(sent, expected)).toBe(result);
  });
});
