// The stored API key was not sent because svc.baseUrl no longer names the address it was stored for
// (and the user declined to send it there). Nothing reached the service; storing a key for the new
// address, or setting svc.baseUrl back, is the fix, so the chat offers "Set API Key" rather than Retry.
export class KeyNotSentError extends Error {
  override readonly name = 'KeyNotSentError';
}
