// Every row of the spec's error table becomes its typed error with the HTTP status and the type.
import assert from 'node:assert/strict';
import {
  AuthenticationError,
  ContentFilterError,
  EngineOverloadedError,
  HttpError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ServerError,
  SvcApiError,
} from '../../../src/api';
import { retryAfterFromHeader, retryAfterFromMessage } from '../../../src/api/errors';
import { perSuite } from '../../support/suiteHooks';
import { apiError, json, TestServer } from './testServer';
import { testClient } from './testClient';

type ErrorClass = abstract new (...args: never[]) => SvcApiError;

const ROWS: [number, string, string, ErrorClass, string, number?][] = [
  [400, 'content_filter', 'The request was rejected because it was considered high risk', ContentFilterError, 'content_filter'],
  [400, 'invalid_request_error', 'Invalid request: messages must not be empty', InvalidRequestError, 'invalid_request'],
  [400, 'invalid_request_error', 'Input token length too long', InvalidRequestError, 'invalid_request'],
  [400, 'invalid_request_error', 'Your request exceeded model token limit : 8192', InvalidRequestError, 'invalid_request'],
  [400, 'invalid_request_error', "Invalid purpose: only 'file-extract' accepted", InvalidRequestError, 'invalid_request'],
  [400, 'invalid_request_error', 'File size is too large, max file size is 100MB, please confirm and re-upload the file', InvalidRequestError, 'invalid_request'],
  [400, 'invalid_request_error', 'File size is zero, please confirm and re-upload the file', InvalidRequestError, 'invalid_request'],
  [400, 'invalid_request_error', 'The number of files you have uploaded exceeded the max file count 1000, please delete previous uploaded files', InvalidRequestError, 'invalid_request'],
  [401, 'invalid_authentication_error', 'Invalid Authentication', AuthenticationError, 'authentication'],
  [401, 'incorrect_api_key_error', 'Incorrect API key provided', AuthenticationError, 'authentication'],
  [403, 'permission_denied_error', 'The API you are accessing is not open', PermissionDeniedError, 'permission_denied'],
  [403, 'permission_denied_error', 'You are not allowed to get other user info', PermissionDeniedError, 'permission_denied'],
  [404, 'resource_not_found_error', 'Not found the model svc-x or Permission denied', NotFoundError, 'not_found'],
  [429, 'exceeded_current_quota_error', 'Your account org-1<ak-1> is suspended, please check your plan and billing details', QuotaExceededError, 'quota_exceeded'],
  [429, 'exceeded_current_quota_error', 'You exceeded your current token quota: <org-1> 0, please check your account balance', QuotaExceededError, 'quota_exceeded'],
  [429, 'engine_overloaded_error', 'The engine is currently overloaded, please try again later', EngineOverloadedError, 'engine_overloaded'],
  [429, 'rate_limit_reached_error', 'Your account org-1 request reached organization max concurrency: 3, please try again after 2 seconds', RateLimitError, 'rate_limited', 2],
  [429, 'rate_limit_reached_error', 'Your account org-1 request reached organization max RPM: 200, please try again after 7 seconds', RateLimitError, 'rate_limited', 7],
  [429, 'rate_limit_reached_error', 'Your account org-1 request reached organization TPM rate limit, current:32001, limit:32000', RateLimitError, 'rate_limited'],
  [429, 'rate_limit_reached_error', 'Your account org-1 request reached organization TPD rate limit,current:1500001, limit:1500000', RateLimitError, 'rate_limited'],
  [500, 'server_error', 'Failed to extract file: broken PDF', ServerError, 'server'],
  [500, 'unexpected_output', 'invalid state transition', ServerError, 'server'],
];

describe('api errors: the spec error table', () => {
  const server = perSuite(() => TestServer.start());
  beforeEach(() => server.reset());

  for (const [status, type, message, ErrorClass, kind, retryAfter] of ROWS) {
    it(`${status} ${type}: "${message.slice(0, 50)}" -> ${ErrorClass.name}`, async () => {
      server.route('GET /models', apiError(status, type, message));
      const { client } = testClient(server, { maxRetries: 0 });
      const error = await client.listModels().then(
        () => assert.fail('expected a rejection'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ErrorClass, `got ${String(error)}`);
      assert.ok(error instanceof SvcApiError);
      assert.equal(error.status, status);
      assert.equal(error.type, type);
      assert.equal(error.kind, kind);
      assert.equal(error.message, message);
      assert.equal(error.retryAfterSeconds, retryAfter);
    });
  }

  it('falls back to the status for a type the table does not name, and keeps a non-JSON body as the message', async () => {
    server.route('GET /models', apiError(409, 'conflict_error', 'busy'));
    server.route('GET /files', (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    const { client } = testClient(server, { maxRetries: 0 });
    const conflict = await client.listModels().catch((e: unknown) => e);
    assert.ok(conflict instanceof HttpError);
    assert.equal(conflict.status, 409);
    assert.equal(conflict.type, 'conflict_error');
    const gateway = await client.files.list().catch((e: unknown) => e);
    assert.ok(gateway instanceof ServerError);
    assert.equal(gateway.status, 502);
    assert.equal(gateway.type, 'http_502');
    assert.equal(gateway.message, '<html>Bad gateway</html>');
  });

  it('takes retryAfterSeconds from a Retry-After header too', async () => {
    server.route('GET /models', apiError(429, 'engine_overloaded_error', 'The engine is currently overloaded, please try again later', { 'retry-after': '4' }));
    const { client } = testClient(server, { maxRetries: 0 });
    const error = await client.listModels().catch((e: unknown) => e);
    assert.ok(error instanceof EngineOverloadedError);
    assert.equal(error.retryAfterSeconds, 4);
  });

  it('reads "try again after N seconds" and Retry-After dates', () => {
    assert.equal(retryAfterFromMessage('please try again after 1.5 seconds'), 1.5);
    assert.equal(retryAfterFromMessage('please try again later'), undefined);
    assert.equal(retryAfterFromHeader('3'), 3);
    assert.equal(retryAfterFromHeader(new Date(10_000).toUTCString(), 4_000), 6);
    assert.equal(retryAfterFromHeader('soon'), undefined);
    assert.equal(retryAfterFromHeader(null), undefined);
  });

  it('a 200 answer is not an error', async () => {
    server.route('GET /models', json(200, { object: 'list', data: [] }));
    const { client } = testClient(server);
    assert.deepEqual(await client.listModels(), []);
  });
});
