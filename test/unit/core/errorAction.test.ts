import assert from 'node:assert/strict';
import {
  CancelledError,
  NetworkError,
  RequestValidationError,
  StreamInterruptedError,
  TimeoutError,
  serviceError,
} from '../../../src/api/errors';
import { InvalidInputError } from '../../../src/core/conversations/conversationErrors';
import { automaticRetryDelaySeconds, errorToInfo, DEFAULT_OVERLOAD_WAIT_SECONDS, DEFAULT_RATE_LIMIT_WAIT_SECONDS } from '../../../src/core/chat/errorAction';

const fromService = (status: number, type: string, message: string) => errorToInfo(serviceError({ status, type, message }));

describe('errorToInfo', () => {
  it('401 asks for a key', () => {
    const info = fromService(401, 'incorrect_api_key_error', 'Incorrect API key provided');
    assert.deepEqual(info, { kind: 'authentication', status: 401, type: 'incorrect_api_key_error', message: 'Incorrect API key provided', action: 'setKey' });
    assert.equal(fromService(401, 'invalid_authentication_error', 'Invalid Authentication').action, 'setKey');
  });

  it('quota 429 sends the user to the balance, without an automatic retry', () => {
    const info = fromService(429, 'exceeded_current_quota_error', 'You exceeded your current token quota: <org> 0, please check your account balance');
    assert.equal(info.kind, 'quota');
    assert.equal(info.action, 'checkBalance');
    assert.equal(automaticRetryDelaySeconds(info), undefined);
  });

  it('rate limit and overload count down, then retry by themselves', () => {
    const rpm = fromService(429, 'rate_limit_reached_error', 'reached organization max RPM: 3, please try again after 7 seconds');
    assert.equal(rpm.kind, 'rateLimit');
    assert.equal(rpm.action, 'retry');
    assert.equal(rpm.retryAfterSeconds, 7);
    assert.equal(automaticRetryDelaySeconds(rpm), 7);
    const tpm = fromService(429, 'rate_limit_reached_error', 'reached organization TPM rate limit, current:10, limit:5');
    assert.equal(automaticRetryDelaySeconds(tpm), DEFAULT_RATE_LIMIT_WAIT_SECONDS);
    const tpd = fromService(429, 'rate_limit_reached_error', 'reached organization TPD rate limit,current:10, limit:5');
    assert.equal(tpd.action, 'retry');
    assert.equal(automaticRetryDelaySeconds(tpd), undefined, 'a daily limit is not waited out');
    const overload = fromService(429, 'engine_overloaded_error', 'The engine is currently overloaded, please try again later');
    assert.equal(overload.kind, 'overloaded');
    assert.equal(automaticRetryDelaySeconds(overload), DEFAULT_OVERLOAD_WAIT_SECONDS);
  });

  it('token limits ask to shorten the input', () => {
    for (const message of ['Input token length too long', 'Your request exceeded model token limit : 8192']) {
      const info = fromService(400, 'invalid_request_error', message);
      assert.equal(info.kind, 'tokenLimit');
      assert.equal(info.action, 'shortenInput');
    }
  });

  it('a refused request names the field at fault', () => {
    const info = fromService(400, 'invalid_request_error', 'Invalid request: temperature must be between 0 and 1');
    assert.equal(info.action, 'fixRequest');
    assert.equal(info.field, 'temperature');
    const n = fromService(400, 'invalid_request_error', 'Invalid request: n must be 1 when temperature is near 0');
    assert.equal(n.field, 'n', 'n is named before the temperature it mentions');
    assert.deepEqual(fromService(404, 'resource_not_found_error', 'Not found the model svc-x or Permission denied').field, 'model');
    const validation = errorToInfo(new RequestValidationError([{ field: 'top_p', message: 'cannot be changed for svc-k2.5' }]));
    assert.equal(validation.kind, 'invalidRequest');
    assert.equal(validation.action, 'fixRequest');
    assert.equal(validation.field, 'top_p');
    const tooLong = errorToInfo(new RequestValidationError([{ field: 'max_completion_tokens', message: 'input (8000) plus max_completion_tokens (1024) exceeds the context length of svc-v1-8k (8192)' }]));
    assert.equal(tooLong.action, 'shortenInput');
    const local = errorToInfo(new InvalidInputError('text', 'must not be empty'));
    assert.equal(local.field, 'text');
  });

  it('a network failure reads as a plain sentence naming the host and where to look, with the system code in its details', () => {
    const notFound = errorToInfo(new NetworkError('Could not reach the service: fetch failed: getaddrinfo ENOTFOUND api.svc.example'));
    assert.equal(notFound.message, "Can't reach api.svc.example: its name could not be looked up. Check your connection or proxy (http.proxy), or use the local emulator.");
    assert.equal(notFound.type, 'ENOTFOUND');
    assert.equal(notFound.action, 'retry');
    const refused = errorToInfo(new NetworkError('Could not reach the service: fetch failed: connect ECONNREFUSED 127.0.0.1:9'));
    assert.match(refused.message, /^Can't reach 127\.0\.0\.1:9: the connection was refused\./);
    assert.doesNotMatch(refused.message, /ECONNREFUSED|fetch failed/);
    assert.match(errorToInfo(new NetworkError('socket hang up')).message, /^Can't reach the svc service\. Check your connection or proxy \(http\.proxy\)/);
    assert.match(errorToInfo(new TimeoutError(60_000)).message, /did not answer within 60 s\. Check your connection or proxy \(http\.proxy\)/);
  });

  it('network, timeout, interrupted stream and server errors offer a retry', () => {
    assert.equal(errorToInfo(new NetworkError('ECONNREFUSED')).kind, 'network');
    assert.equal(errorToInfo(new TimeoutError(1000)).kind, 'timeout');
    const interrupted = errorToInfo(new StreamInterruptedError(4));
    assert.equal(interrupted.kind, 'interrupted');
    assert.equal(interrupted.action, 'retry');
    assert.equal(automaticRetryDelaySeconds(interrupted), undefined, 'only waiting-type errors retry by themselves');
    assert.equal(fromService(500, 'unexpected_output', 'invalid state transition').action, 'retry');
    assert.equal(fromService(400, 'content_filter', 'high risk').action, 'none');
    assert.equal(errorToInfo(new CancelledError()).action, 'none');
    assert.deepEqual(errorToInfo(new Error('boom')), { kind: 'unknown', message: 'boom', action: 'retry' });
  });
});
