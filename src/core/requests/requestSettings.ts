// The user's choices for one request, the same shape for a chat reply, an agent step and a request of
// another extension through the language-model provider: each reads what it needs from it and nothing is
// copied field by field between them. Only what the user chose is set; the rest is the model's default.
import * as z from 'zod/mini';

export const RequestSettingsSchema = z.object({
  model: z.string().check(z.minLength(1)),
  /** Whether thinking is on; only sent to models where it can be switched (svc-k2.5). */
  thinking: z._default(z.boolean(), true),
  /** response_format json_object; an agent step never asks for it. */
  jsonMode: z._default(z.boolean(), false),
  /** `n`: how many alternative replies to generate; an agent step always asks for one. */
  choiceCount: z._default(z.number().check(z.int(), z.minimum(1)), 1),
  /** Undefined: the model's default. Not sent to models whose temperature is fixed. */
  temperature: z.optional(z.number()),
  /** Undefined: the model's default (completionTokenCap). */
  maxCompletionTokens: z.optional(z.number().check(z.int(), z.minimum(1))),
  /** Hash identifying the user to the service's abuse detection; only when the user opted in. */
  safetyIdentifier: z.optional(z.string()),
});

export type RequestSettings = z.infer<typeof RequestSettingsSchema>;

/** The settings with the defaults filled in, e.g. `requestSettings({ model: 'svc-k2-thinking' })`. */
export function requestSettings(chosen: z.input<typeof RequestSettingsSchema>): RequestSettings {
  return RequestSettingsSchema.parse(chosen);
}
