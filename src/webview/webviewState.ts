// What the webview keeps across being hidden or reloaded (vscode.getState): the draft the user is
// typing is never lost. Read back through a schema because an older build may have stored another shape.
import * as z from 'zod/mini';

export const WebviewStateSchema = z.object({
  draft: z._default(z.string(), ''),
  /** Text sent but not yet acknowledged by the host; restored to the composer if the send fails. */
  pendingSend: z.optional(z.string()),
  conversationListOpen: z._default(z.boolean(), false),
});
export type WebviewState = z.infer<typeof WebviewStateSchema>;

export function readWebviewState(stored: unknown): WebviewState {
  const parsed = WebviewStateSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : WebviewStateSchema.parse({});
}
